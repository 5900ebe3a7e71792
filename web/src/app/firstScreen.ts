/**
 * When the page's first screen has drawn its own content (not a spinner): work that the screen does
 * not need, like the live connection's code, waits for it, so that it does not share the phone's
 * network and processor with the screen's code and data. Screens say so by naming the tab
 * (usePageTitle) as they render their content; one whose content arrives after its heading (Explore's
 * list) says so once the content is drawn.
 */
let shown!: () => void;
const drawn = new Promise<void>((resolve) => (shown = resolve));

export function markFirstScreenShown(): void {
  shown();
}

/** Resolves once the first screen has drawn, or after `maxWaitMs` in any case (a screen that never says). */
export function firstScreenShown(maxWaitMs: number): Promise<void> {
  return Promise.race([drawn, new Promise<void>((resolve) => window.setTimeout(resolve, maxWaitMs))]);
}
