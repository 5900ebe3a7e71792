/** WCAG 2 contrast maths, for text drawn on a colour only known at run time (e.g. an avatar). */

/** The relative luminance of a #rgb or #rrggbb colour, or null for anything else. */
export function relativeLuminance(color: string): number | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!match) return null;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((digit) => digit + digit).join('') : match[1]!;
  const [r, g, b] = [0, 2, 4].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours (1 to 21); 1 when either is not a hex colour. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  if (la === null || lb === null) return 1;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export const WHITE_INK = '#ffffff';
export const BLACK_INK = '#000000';

/**
 * White or black, whichever contrasts more with the background. One of the two always reaches
 * 4.5:1 (the worst case, a mid luminance, still gives 4.58:1).
 */
export function inkOn(background: string): string {
  return contrastRatio(WHITE_INK, background) >= contrastRatio(BLACK_INK, background) ? WHITE_INK : BLACK_INK;
}
