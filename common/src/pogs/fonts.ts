/**
 * The fonts a POG's text can be set in. The first three are the ones the built-in templates use;
 * the rest are popular display faces from the same free families the web app loads.
 */
export const POG_FONTS = [
  'Bangers',
  'Roboto Condensed',
  'Press Start 2P',
  'Bebas Neue',
  'Luckiest Guy',
  'Permanent Marker',
  'Orbitron',
  'Pacifico',
  'Anton',
  'Lobster',
] as const;

export type PogFont = (typeof POG_FONTS)[number];

export function isPogFont(value: unknown): value is PogFont {
  return typeof value === 'string' && (POG_FONTS as readonly string[]).includes(value);
}

/** The generic family a browser falls back to while the web font loads (or if it fails). */
const GENERIC_FALLBACK: Record<PogFont, 'cursive' | 'sans-serif' | 'monospace'> = {
  Bangers: 'cursive',
  'Roboto Condensed': 'sans-serif',
  'Press Start 2P': 'monospace',
  'Bebas Neue': 'sans-serif',
  'Luckiest Guy': 'cursive',
  'Permanent Marker': 'cursive',
  Orbitron: 'sans-serif',
  Pacifico: 'cursive',
  Anton: 'sans-serif',
  Lobster: 'cursive',
};

/** A CSS `font-family` value for a POG font, e.g. `"Press Start 2P", monospace`. */
export function fontStack(font: PogFont): string {
  return `"${font}", ${GENERIC_FALLBACK[font]}`;
}
