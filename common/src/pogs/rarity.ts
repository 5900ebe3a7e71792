/**
 * Rarity and points (decisions.md, "Rarity and points"). The worker scores a POG from three
 * sub-scores in 0..100; everything here is pure so the server, the tests and the help text agree.
 *
 * The weights, thresholds and bases are the decisions.md values. The sub-score curves (the numbers
 * in RARITY_TUNING) were tuned so a corpus of random designs lands near 50/25/15/8/2 percent common
 * to legendary, scored with only what the server can know about similar images;
 * worker/src/images/rarity-distribution.test.ts keeps that true.
 */
import type { Rarity } from '../constants';
import { contrastRatio, hexToRgb, hueDistance, rgbToHsl, type Hsl } from './color';
import { POG_DEFAULTS } from './defaults';
import { EXACT_SEARCH_DISTANCE } from './image-hash';

export const RARITY_WEIGHTS = { harmony: 0.35, uniqueness: 0.4, complexity: 0.25 } as const;

/** A total below `below` gets `rarity`; the rest is legendary. */
export const RARITY_THRESHOLDS: readonly { rarity: Rarity; below: number }[] = [
  { rarity: 'common', below: 40 },
  { rarity: 'uncommon', below: 60 },
  { rarity: 'rare', below: 75 },
  { rarity: 'epic', below: 88 },
];

export const RARITY_POINTS_BASE: Record<Rarity, number> = { common: 0, uncommon: 100, rare: 250, epic: 500, legendary: 1000 };

/** Distribution the tuning aims for (share of POGs per rarity). */
export const RARITY_TARGET_SHARES: Record<Rarity, number> = { common: 0.5, uncommon: 0.25, rare: 0.15, epic: 0.08, legendary: 0.02 };

/** Two image hashes this close (bits out of 64) are near-duplicates: the worker flags the POG. */
export const HAMMING_FLAG_DISTANCE = 6;

export const RARITY_TUNING = {
  harmony: {
    /** Share of the harmony score from the hue relationship; the rest is text contrast. */
    hueWeight: 0.5,
    /**
     * Pleasing hue distances between the two background colours: each a bump centred on
     * `degrees`, `width` wide (Gaussian sigma), scoring up to `peak`. Between the bumps ("clashing
     * near-misses", e.g. 60..100 degrees) the score falls to `clashFloor`.
     */
    hueBumps: [
      { name: 'monochrome', degrees: 0, width: 16, peak: 0.7 },
      { name: 'analogous', degrees: 30, width: 24, peak: 1 },
      { name: 'triadic', degrees: 120, width: 20, peak: 1 },
      { name: 'split-complementary', degrees: 150, width: 16, peak: 0.85 },
      { name: 'complementary', degrees: 180, width: 24, peak: 1 },
    ],
    clashFloor: 0.2,
    /** Below this saturation (or near black/white) a colour is a neutral: it goes with anything. */
    neutralSaturation: 0.15,
    neutralLightness: { min: 0.08, max: 0.95 },
    neutralPairScore: 0.75,
    /** WCAG AA for normal text: this contrast or more earns full marks. */
    fullContrast: 4.5,
    /** Contrast score never counts below this, so invisible text lowers harmony without zeroing it. */
    contrastFloor: 0.05,
    /** See `stretch`. */
    stretch: 2,
  },
  complexity: {
    /** Points for each ingredient; they add up to 100. */
    image: 45,
    text: 25,
    font: 15,
    colours: 15,
    /** Text this long (characters, trimmed) earns all the text points. */
    fullTextLength: 24,
    /**
     * detail^exponent: raw image detail is spread unevenly, this evens it out. Above 1 because
     * images already earn most of their rarity from uniqueness (an image is fully original unless
     * a near match lies within EXACT_SEARCH_DISTANCE bits), so detail must be earned, not given.
     */
    detailExponent: 1.5,
    /** See `stretch`. */
    stretch: 3,
  },
  uniqueness: {
    /** Hamming distance at and below which an image counts as a copy (score 0): the flag distance. */
    copyDistance: HAMMING_FLAG_DISTANCE,
    /**
     * Hamming distance from which an image counts as fully original (score 100). Not a free knob:
     * the similarity search sees exactly the images within EXACT_SEARCH_DISTANCE bits, so anything
     * further looks the same to the server as "no similar image at all".
     */
    originalDistance: EXACT_SEARCH_DISTANCE + 1,
    /** Smoothing so the first POGs of a new game are not all called unique or all called common. */
    designPrior: 20,
    /** How fast uniqueness drops as a colour pair or text gets more popular. */
    designDecay: 1500,
    /** Weight of the colour pair in design uniqueness; the rest is the text. */
    pairWeight: 0.5,
    /** Rarity of a colour pair or text never counts below this, however popular. */
    designFloor: 0.05,
    /** See `stretch`. */
    designStretch: 3,
  },
} as const;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Pushes a 0..1 value away from the middle (0 and 1 stay put, 0.5 stays 0.5): k = 1 changes
 * nothing, larger k more. Sub-scores pass through it because an average of three middling
 * sub-scores lands in the middle; rarity needs POGs that are clearly plain or clearly special.
 */
export function stretch(value: number, k: number): number {
  const x = clamp(value, 0, 1);
  const a = x ** k;
  const b = (1 - x) ** k;
  return a + b === 0 ? x : a / (a + b);
}
const round1 = (value: number) => Math.round(value * 10) / 10;

function isNeutral({ s, l }: Hsl): boolean {
  const t = RARITY_TUNING.harmony;
  return s < t.neutralSaturation || l < t.neutralLightness.min || l > t.neutralLightness.max;
}

/** How well two background hues go together, 0..1. */
export function hueHarmony(bg1: string, bg2: string): number {
  const t = RARITY_TUNING.harmony;
  const a = rgbToHsl(hexToRgb(bg1));
  const b = rgbToHsl(hexToRgb(bg2));
  if (isNeutral(a) || isNeutral(b)) return t.neutralPairScore;
  const distance = hueDistance(a.h, b.h);
  const bumps = t.hueBumps.map(({ degrees, width, peak }) => peak * Math.exp(-(((distance - degrees) / width) ** 2) / 2));
  return Math.max(t.clashFloor, ...bumps);
}

/**
 * How readable the text is, 0..1: the WCAG contrast against the WORSE of the two background
 * colours, since the text crosses the whole gradient.
 */
export function textContrastScore(textColor: string, bg1: string, bg2: string): number {
  const ratio = Math.min(contrastRatio(textColor, bg1), contrastRatio(textColor, bg2));
  return clamp((ratio - 1) / (RARITY_TUNING.harmony.fullContrast - 1), 0, 1);
}

/**
 * Colour harmony, 0..100: a weighted geometric mean of hue harmony and text contrast, so that
 * unreadable text spoils even the loveliest gradient (an average would let one hide the other).
 */
export function harmonyScore(bg1: string, bg2: string, textColor: string): number {
  const { hueWeight, contrastFloor } = RARITY_TUNING.harmony;
  const contrast = Math.max(contrastFloor, textContrastScore(textColor, bg1, bg2));
  return 100 * stretch(hueHarmony(bg1, bg2) ** hueWeight * contrast ** (1 - hueWeight), RARITY_TUNING.harmony.stretch);
}

export interface ComplexityInput {
  /** 0..1 from the image pipeline, or null for a POG without an image. */
  imageDetail: number | null;
  /** Characters of text, trimmed. */
  textLength: number;
  fontFamily: string;
  /** See `bothColoursSet`. */
  bothColoursSet: boolean;
}

/**
 * True when the player chose both background colours: neither is left at its default and they
 * differ (a real gradient, not one flat colour).
 */
export function bothColoursSet(bg1: string, bg2: string): boolean {
  const a = bg1.toUpperCase();
  const b = bg2.toUpperCase();
  return a !== b && a !== POG_DEFAULTS.backgroundColor1 && b !== POG_DEFAULTS.backgroundColor2;
}

/** Design complexity, 0..100. */
export function complexityScore({ imageDetail, textLength, fontFamily, bothColoursSet: coloursSet }: ComplexityInput): number {
  const t = RARITY_TUNING.complexity;
  const image = imageDetail === null ? 0 : t.image * clamp(imageDetail, 0, 1) ** t.detailExponent;
  const text = t.text * clamp(textLength / t.fullTextLength, 0, 1);
  const font = fontFamily === POG_DEFAULTS.fontFamily ? 0 : t.font;
  const colours = coloursSet ? t.colours : 0;
  return 100 * stretch((image + text + font + colours) / 100, t.stretch);
}

/**
 * Uniqueness of a POG with an image, 0..100, from the Hamming distance (0..64) between its
 * perceptual hash and the nearest hash among the other POGs; null when no other POG has an image
 * within EXACT_SEARCH_DISTANCE (the server cannot tell how far beyond it the nearest one is).
 */
export function uniquenessFromHashDistance(minHammingDistance: number | null): number {
  if (minHammingDistance === null) return 100;
  const { copyDistance, originalDistance } = RARITY_TUNING.uniqueness;
  const x = clamp((minHammingDistance - copyDistance) / (originalDistance - copyDistance), 0, 1);
  return 100 * x * x * (3 - 2 * x); // smoothstep: flat near "copy" and near "original"
}

/**
 * How common a design is, for a POG without an image. Every count is over the OTHER POGs (not
 * this one), so the server can fill it with one query, e.g.
 *
 *   SELECT count(*)                                          AS total,
 *          count(*) FILTER (WHERE colour_pair_key = $1)      AS same_colour_pair,
 *          count(*) FILTER (WHERE text_key = $2)             AS same_text
 *   FROM pogs WHERE id <> $3
 *
 * with `colour_pair_key` = colourPairKey(bg1, bg2) and `text_key` = designTextKey(text) stored
 * (and indexed) on each POG.
 */
export interface DesignFrequency {
  total: number;
  sameColourPair: number;
  sameText: number;
}

/**
 * Uniqueness of a POG without an image, 0..100. A weighted geometric mean of how rare the colour
 * pair and the text are: a fresh gradient with the most common text (often none) is not unique.
 */
export function uniquenessFromDesignFrequency({ total, sameColourPair, sameText }: DesignFrequency): number {
  const { designPrior, designDecay, pairWeight, designFloor } = RARITY_TUNING.uniqueness;
  const rarity = (count: number) =>
    Math.max(designFloor, Math.exp((-designDecay * Math.max(0, count)) / (Math.max(0, total) + designPrior)));
  return 100 * stretch(rarity(sameColourPair) ** pairWeight * rarity(sameText) ** (1 - pairWeight), RARITY_TUNING.uniqueness.designStretch);
}

/**
 * A colour's bucket for counting "the same colour": hue in 12 sectors of 30 degrees, 3 lightness
 * bands and 2 saturation bands; neutrals by lightness only. Close shades fall together.
 */
export function colourBucket(hex: string): string {
  const hsl = rgbToHsl(hexToRgb(hex));
  const band = (value: number, bands: number) => Math.min(bands - 1, Math.floor(value * bands));
  if (isNeutral(hsl)) return `n${band(hsl.l, 4)}`;
  return `h${Math.round(hsl.h / 30) % 12}l${band(hsl.l, 3)}s${band(hsl.s, 2)}`;
}

/** The key of a background pair: order does not matter (a flipped gradient is the same idea). */
export function colourPairKey(bg1: string, bg2: string): string {
  return [colourBucket(bg1), colourBucket(bg2)].sort().join('+');
}

/** The key of a POG's text for counting: case, accents, spacing and punctuation ignored. */
export function designTextKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

export function totalScore(harmony: number, uniqueness: number, complexity: number): number {
  const w = RARITY_WEIGHTS;
  return w.harmony * harmony + w.uniqueness * uniqueness + w.complexity * complexity;
}

export function rarityForTotal(total: number): Rarity {
  return RARITY_THRESHOLDS.find(({ below }) => total < below)?.rarity ?? 'legendary';
}

/** Points (PTS): ten per point of total, plus the rarity's base. */
export function pointsFor(total: number, rarity: Rarity): number {
  return Math.round(10 * total) + RARITY_POINTS_BASE[rarity];
}

export type UniquenessInput =
  | { kind: 'image'; nearestHashDistance: number | null }
  | { kind: 'design'; frequency: DesignFrequency };

export interface PogScoreInput {
  backgroundColor1: string;
  backgroundColor2: string;
  textColor: string;
  textContent: string;
  fontFamily: string;
  /** Detail of the processed image (0..1), or null without an image. */
  imageDetail: number | null;
  uniqueness: UniquenessInput;
}

export interface PogScore {
  harmony: number;
  uniqueness: number;
  complexity: number;
  total: number;
  rarity: Rarity;
  points: number;
}

/** Scores a POG. Sub-scores and total are rounded to one decimal; rarity and points follow the rounded total. */
export function scorePog(input: PogScoreInput): PogScore {
  const harmony = round1(harmonyScore(input.backgroundColor1, input.backgroundColor2, input.textColor));
  const uniqueness = round1(
    input.uniqueness.kind === 'image'
      ? uniquenessFromHashDistance(input.uniqueness.nearestHashDistance)
      : uniquenessFromDesignFrequency(input.uniqueness.frequency),
  );
  const complexity = round1(
    complexityScore({
      imageDetail: input.imageDetail,
      textLength: input.textContent.trim().length,
      fontFamily: input.fontFamily,
      bothColoursSet: bothColoursSet(input.backgroundColor1, input.backgroundColor2),
    }),
  );
  const total = round1(totalScore(harmony, uniqueness, complexity));
  const rarity = rarityForTotal(total);
  return { harmony, uniqueness, complexity, total, rarity, points: pointsFor(total, rarity) };
}
