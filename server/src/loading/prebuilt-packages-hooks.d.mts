/** Types of prebuilt-packages-hooks.mjs (a module hook file, plain JavaScript). */
export function isPrebuilt(url: string, format: string | null | undefined): boolean;
export function load(
  url: string,
  context: { format?: string | null },
  nextLoad: (url: string, context: unknown) => Promise<unknown>,
): Promise<unknown>;
