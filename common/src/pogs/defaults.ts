import type { Rarity } from '../constants';
import type { PogFont } from './fonts';

/** How an image fills the POG disc (CSS object-fit). */
export const IMAGE_STYLES = ['cover', 'contain', 'fill'] as const;
export type ImageStyle = (typeof IMAGE_STYLES)[number];

/** The design a new POG starts from (product spec: entities) and what a missing field falls back to. */
export const POG_DEFAULTS = {
  textContent: '',
  fontFamily: 'Bangers' satisfies PogFont,
  textColor: '#FFFFFF',
  backgroundColor1: '#6366F1',
  backgroundColor2: '#EC4899',
  imageUrl: '',
  imageStyle: 'cover' satisfies ImageStyle,
  rarity: 'common' satisfies Rarity,
} as const;

/** Length limits of a POG's own fields (characters, after trimming). */
export const POG_FIELD_LIMITS = {
  nameMax: 40,
  textMax: 60,
} as const;
