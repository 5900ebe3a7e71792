/**
 * How big a POG's text is set on a disc (docs/rules.md, POGs): never broken inside a word. Lines
 * break only between words; the size is the disc's usual one (17 % of its diameter, at least 10 px)
 * unless the longest word would not fit the text box at it, in which case the text is set smaller
 * until it does. Only a word too long to fit even at MIN_TEXT_PX may break.
 */
import type { PogFont } from '@pog/common';

/** The text box is this share of the disc's diameter (PogDisc's max-width). */
export const TEXT_BOX_SHARE = 0.82;
export const MIN_TEXT_PX = 6;

/**
 * The widest a capital letter runs in each font, in ems (measured in Chromium on upper-case text,
 * rounded up): Press Start 2P is a 1 em pixel face, the condensed ones about half that.
 */
const ADVANCE_EM: Record<PogFont, number> = {
  Bangers: 0.55,
  'Roboto Condensed': 0.6,
  'Press Start 2P': 1.0,
  'Bebas Neue': 0.45,
  'Luckiest Guy': 0.75,
  'Permanent Marker': 0.75,
  Orbitron: 0.9,
  Pacifico: 0.7,
  Anton: 0.55,
  Lobster: 0.6,
};

export interface DiscTextSize {
  px: number;
  /** True only when the longest word cannot fit even at MIN_TEXT_PX: then it may break. */
  mayBreakWords: boolean;
}

export function discTextSize(text: string, diameter: number, font: PogFont): DiscTextSize {
  const usual = Math.max(10, Math.round(diameter * 0.17));
  const longest = Math.max(0, ...text.split(/\s+/).map((word) => [...word].length));
  if (longest === 0) return { px: usual, mayBreakWords: false };
  const fits = Math.floor((diameter * TEXT_BOX_SHARE) / (longest * ADVANCE_EM[font]));
  if (fits >= usual) return { px: usual, mayBreakWords: false };
  return { px: Math.max(MIN_TEXT_PX, fits), mayBreakWords: fits < MIN_TEXT_PX };
}
