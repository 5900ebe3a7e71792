/**
 * Rarity and points (decisions.md, "Rarity and points"). The worker scores a POG from three
 * sub-scores in 0..100; everything here is pure so the server, the Creator Studio's preview, the
 * tests and the help text agree.
 *
 * The formula's shape, its weights and the points bases are decisions.md's; the thresholds and the
 * sub-score curves (RARITY_TUNING) are its tuning constants, all of them here. They were tuned so
 * that two corpora, each scored one POG after another with only what the server knows, land
 * within 5 points of 50/25/15/8/2 percent common to legendary: random designs
 * (worker/src/images/rarity-distribution.test.ts) and designs as players make them
 * (worker/src/testing/player-corpus.ts, scored by worker/src/images/player-rarity.test.ts). No
 * recipe reaches legendary on demand: its creator's legendary share caps it (capLegendary;
 * worker/src/images/farming.test.ts searches for one). docs/rules.md, "Rarity", has the maths and figures.
 */
import type { Rarity } from '../constants';
import { contrastRatio, hexToRgb, hueDistance, rgbToHsl, rgbToOklch, type Hsl, type Oklch } from './color';
import { POG_DEFAULTS } from './defaults';
import { designTextKey, unchangedStartingDesign, type DesignLook } from './design-match';
import { EXACT_SEARCH_DISTANCE } from './image-hash';
import { GRADIENT_PRESETS, POG_TEMPLATES } from './templates';

/** Text is counted by the key the copy rule compares (design-match.ts); servers import it from here. */
export { designTextKey } from './design-match';

export const RARITY_WEIGHTS = { harmony: 0.35, uniqueness: 0.4, complexity: 0.25 } as const;

/** A total below `below` gets `rarity`; the rest is legendary. */
export const RARITY_THRESHOLDS: readonly { rarity: Rarity; below: number }[] = [
  { rarity: 'common', below: 46.5 },
  { rarity: 'uncommon', below: 60.5 },
  { rarity: 'rare', below: 74.5 },
  { rarity: 'epic', below: 86 },
];

export const RARITY_POINTS_BASE: Record<Rarity, number> = { common: 0, uncommon: 100, rare: 250, epic: 500, legendary: 1000 };

/** Distribution the tuning aims for (share of POGs per rarity). */
export const RARITY_TARGET_SHARES: Record<Rarity, number> = { common: 0.5, uncommon: 0.25, rare: 0.15, epic: 0.08, legendary: 0.02 };

/** Two image hashes this close (bits out of 64) are near-duplicates: the worker flags the POG. */
export const HAMMING_FLAG_DISTANCE = 6;

export const RARITY_TUNING = {
  harmony: {
    /** Share of the harmony score from the hue relationship; the rest is text contrast. */
    hueWeight: 0.6,
    /**
     * The hue relations a designer calls harmonious, as ranges of the hue distance (OKLCH degrees,
     * 0..180) between the two background colours, each scoring `peak` inside its range and fading
     * outside it over `softness` degrees (Gaussian sigma). Between them lie the clashing near-misses:
     * a quarter turn (80..100 degrees, neither analogous nor triadic) and two colours of the same
     * lightness a few degrees apart (almost the same colour, but not quite).
     */
    hueRelations: [
      { name: 'monochrome', from: 0, to: 6, peak: 0.9 },
      { name: 'analogous', from: 25, to: 72, peak: 1 },
      { name: 'triadic', from: 106, to: 134, peak: 1 },
      // Split-complementary (150) to complementary (180).
      { name: 'complementary', from: 146, to: 180, peak: 1 },
    ],
    softness: 6,
    /**
     * Two shades of one hue this far apart in lightness (OKLCH L) read as a tonal ramp up to
     * `tonalRampHues` degrees apart: a gradient from light to dark may drift in hue, as real shade
     * ramps do. Closer in lightness, the monochrome range shrinks back to its own `to`.
     */
    tonalRampLightness: 0.15,
    tonalRampHues: 22,
    clashFloor: 0.15,
    /**
     * Below `neutralChroma.from` (OKLCH chroma) a colour is a neutral: grey, near black or near white,
     * its hue meaningless; from `to` it is a full colour; in between it is counted as partly each.
     */
    neutralChroma: { from: 0.03, to: 0.08 },
    /** A greyscale ramp is as calm a scheme as a monochrome one. */
    neutralPairScore: 0.9,
    /** A colour with black, white or grey goes with it, without making a scheme of two hues. */
    neutralWithColourScore: 0.75,
    /** WCAG AA for normal text: this contrast or more earns full marks. */
    fullContrast: 4.5,
    /** Contrast score never counts below this, so invisible text lowers harmony without zeroing it. */
    contrastFloor: 0.08,
    /** See `stretch`. */
    stretch: 2.25,
  },
  complexity: {
    /** Points for each ingredient; they add up to 100. */
    image: 49,
    text: 30,
    font: 5,
    colours: 16,
    /** Text this long (characters, trimmed) earns all the text points. */
    fullTextLength: 13,
    /**
     * detail^exponent: above 1 because images already earn most of their rarity from uniqueness
     * (an image is fully original unless a near match lies within EXACT_SEARCH_DISTANCE bits),
     * so detail must be earned, not given: only busy pictures earn most of the image points.
     */
    detailExponent: 1.25,
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
    /**
     * Every game is counted as already holding each built-in design (the 8 templates, the 3
     * presets' backgrounds, the default design) this many times: their colours and words are the
     * commonest from the first POG on, before any player has copied them.
     */
    builtInCopies: 20,
    /** How fast uniqueness drops as a colour pair or text gets more popular. */
    designDecay: 2000,
    /** Image detail from which a picture can count as fully original (see imageUniqueness). */
    originalDetail: 0.35,
    /** Weight of the colour pair in design uniqueness; the rest is the text. */
    pairWeight: 0.8,
    /**
     * Rarity of a colour pair or text never counts below this, however popular: own words on a
     * template's colours are still worth something.
     */
    designFloor: 0.37,
    /**
     * Each other POG of the creator's own with the same colour pair (or text) multiplies its rarity
     * by this, down to `ownRepeatFloor`: a player repeating a recipe stops being original at once,
     * however large the game.
     */
    ownRepeatFactor: 0.5,
    ownRepeatFloor: 0.1,
    /**
     * For a POG with an image, the rarity of its colour pair and text (as for a design without one,
     * 0..1) weighs on the image's uniqueness with this exponent: a fresh picture on a recipe used
     * again and again is not the same as a fresh design.
     */
    imageDesignWeight: 0.25,
    /**
     * Without a picture, the words are all the content a design has to be unique with: one short
     * word is one of the few thousand any player might write. Such a design keeps `wordsFloor` of its
     * uniqueness with no words, and all of it from `wordsFullLength` letters and digits (as
     * designTextKey counts them) on, in proportion between.
     */
    wordsFloor: 0.35,
    wordsFullLength: 30,
  },
} as const;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Pushes a 0..1 value away from the middle (0 and 1 stay put, 0.5 stays 0.5): k = 1 changes
 * nothing, larger k more. Harmony passes through it so that colours clearly go together or
 * clearly do not; a middling harmony would only blur the rarity the other sub-scores give.
 */
export function stretch(value: number, k: number): number {
  const x = clamp(value, 0, 1);
  const a = x ** k;
  const b = (1 - x) ** k;
  return a + b === 0 ? x : a / (a + b);
}
const round1 = (value: number) => Math.round(value * 10) / 10;

/** How much of a neutral (grey, near black or near white) a colour is: 1 fully, 0 a full colour. */
function neutrality({ c }: Oklch): number {
  const { from, to } = RARITY_TUNING.harmony.neutralChroma;
  return clamp((to - c) / (to - from), 0, 1);
}

/** How a hue distance (OKLCH degrees, 0..180) scores as a relation, given the lightness step between the colours. */
export function hueRelationScore(distance: number, lightnessStep: number): number {
  const t = RARITY_TUNING.harmony;
  const ramp = clamp(lightnessStep / t.tonalRampLightness, 0, 1);
  const scores = t.hueRelations.map(({ name, from, to, peak }) => {
    const upTo = name === 'monochrome' ? to + (t.tonalRampHues - to) * ramp : to;
    const outside = distance < from ? from - distance : distance > upTo ? distance - upTo : 0;
    return peak * Math.exp(-((outside / t.softness) ** 2) / 2);
  });
  return Math.max(t.clashFloor, ...scores);
}

/**
 * How well two background colours go together, 0..1, judged in OKLCH (a perceptual space, where
 * equal angles look like equal hue steps): the relation of their hues (hueRelationScore), and for
 * neutrals, which have no hue to relate, the neutral scores, a colour between the two counted as
 * partly each.
 */
export function hueHarmony(bg1: string, bg2: string): number {
  const t = RARITY_TUNING.harmony;
  const a = rgbToOklch(hexToRgb(bg1));
  const b = rgbToOklch(hexToRgb(bg2));
  const na = neutrality(a);
  const nb = neutrality(b);
  const relation = hueRelationScore(hueDistance(a.h, b.h), Math.abs(a.l - b.l));
  return (1 - na) * (1 - nb) * relation + (na * (1 - nb) + nb * (1 - na)) * t.neutralWithColourScore + na * nb * t.neutralPairScore;
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

/** The built-in designs as POGs every game holds: background pairs (templates, presets, default) and texts (templates, default). */
const BUILT_IN_PAIRS: readonly [string, string][] = [...POG_TEMPLATES, ...GRADIENT_PRESETS, POG_DEFAULTS].map((d) => [d.backgroundColor1, d.backgroundColor2]);
const BUILT_IN_TEXTS: readonly string[] = [...POG_TEMPLATES, POG_DEFAULTS].map((d) => d.textContent);

/**
 * True when the player chose both background colours: neither is left at its default, they differ
 * (a real gradient, not one flat colour) and they are not a template's or preset's pair, which is
 * a click, not a choice.
 */
export function bothColoursSet(bg1: string, bg2: string): boolean {
  const a = bg1.toUpperCase();
  const b = bg2.toUpperCase();
  const builtIn = BUILT_IN_PAIRS.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
  return a !== b && a !== POG_DEFAULTS.backgroundColor1 && b !== POG_DEFAULTS.backgroundColor2 && !builtIn;
}

/** Design complexity, 0..100. */
export function complexityScore({ imageDetail, textLength, fontFamily, bothColoursSet: coloursSet }: ComplexityInput): number {
  const t = RARITY_TUNING.complexity;
  const image = imageDetail === null ? 0 : t.image * clamp(imageDetail, 0, 1) ** t.detailExponent;
  const text = t.text * clamp(textLength / t.fullTextLength, 0, 1);
  const font = fontFamily === POG_DEFAULTS.fontFamily ? 0 : t.font;
  const colours = coloursSet ? t.colours : 0;
  return image + text + font + colours;
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
 * Uniqueness of a POG with an image, 0..100: uniquenessFromHashDistance, times how much there is in
 * the picture to be original about. A flat colour, a smooth gradient or random noise (detail near
 * 0) is no original picture however far its hash lies from the others (and such hashes say little).
 */
export function imageUniqueness(minHammingDistance: number | null, imageDetail: number | null): number {
  return uniquenessFromHashDistance(minHammingDistance) * clamp((imageDetail ?? 0) / RARITY_TUNING.uniqueness.originalDetail, 0, 1);
}

/**
 * How common a design's colour pair and text are. Every count is over the OTHER POGs (not this
 * one), so the server can fill it with one query, e.g.
 *
 *   SELECT count(*)                                                         AS total,
 *          count(*) FILTER (WHERE colour_pair_key = $1)                     AS same_colour_pair,
 *          count(*) FILTER (WHERE text_key = $2)                            AS same_text,
 *          count(*) FILTER (WHERE creator_id = $3 AND colour_pair_key = $1) AS own_same_colour_pair,
 *          count(*) FILTER (WHERE creator_id = $3 AND text_key = $2)        AS own_same_text
 *   FROM pogs WHERE id <> $4
 *
 * with `colour_pair_key` = colourPairKey(bg1, bg2) and `text_key` = designTextKey(text) stored
 * on each POG.
 */
export interface DesignFrequency {
  total: number;
  sameColourPair: number;
  sameText: number;
  /** Of `sameColourPair`, those the same player created (0 when not given). */
  ownSameColourPair?: number;
  /** Of `sameText`, those the same player created (0 when not given). */
  ownSameText?: number;
}

/**
 * Uniqueness of a design's colour pair and text, 0..100: the uniqueness of a POG without an image.
 * A weighted geometric mean of how rare the colour pair and the text are: a fresh gradient with the
 * most common text (often none) is not unique. The creator's own repeats weigh far more than
 * others' (RARITY_TUNING.uniqueness.ownRepeatFactor).
 */
export function uniquenessFromDesignFrequency({ total, sameColourPair, sameText, ownSameColourPair = 0, ownSameText = 0 }: DesignFrequency): number {
  const { designPrior, designDecay, pairWeight, designFloor, ownRepeatFactor, ownRepeatFloor } = RARITY_TUNING.uniqueness;
  const rarity = (count: number, own: number) =>
    Math.max(designFloor, Math.exp((-designDecay * Math.max(0, count)) / (Math.max(0, total) + designPrior))) *
    Math.max(ownRepeatFloor, ownRepeatFactor ** Math.max(0, own));
  return 100 * rarity(sameColourPair, ownSameColourPair) ** pairWeight * rarity(sameText, ownSameText) ** (1 - pairWeight);
}

/**
 * A colour the buckets count as a neutral (HSL saturation under 0.15, or lightness under 0.08 or over
 * 0.95). The buckets are stored with every POG (colour_pair_key), so they keep their own rule.
 */
function isBucketNeutral({ s, l }: Hsl): boolean {
  return s < 0.15 || l < 0.08 || l > 0.95;
}

/**
 * A colour's bucket for counting "the same colour": hue in 12 sectors of 30 degrees, 3 lightness
 * bands and 2 saturation bands; neutrals by lightness only. Close shades fall together.
 */
export function colourBucket(hex: string): string {
  const hsl = rgbToHsl(hexToRgb(hex));
  const band = (value: number, bands: number) => Math.min(bands - 1, Math.floor(value * bands));
  if (isBucketNeutral(hsl)) return `n${band(hsl.l, 4)}`;
  return `h${Math.round(hsl.h / 30) % 12}l${band(hsl.l, 3)}s${band(hsl.s, 2)}`;
}

/** The key of a background pair: order does not matter (a flipped gradient is the same idea). */
export function colourPairKey(bg1: string, bg2: string): string {
  return [colourBucket(bg1), colourBucket(bg2)].sort().join('+');
}


/**
 * The counts of the server (over the players' POGs) plus the built-in designs, each counted
 * `builtInCopies` times (see RARITY_TUNING.uniqueness.builtInCopies).
 */
export function withBuiltInDesigns(frequency: DesignFrequency, design: Pick<DesignLook, 'backgroundColor1' | 'backgroundColor2' | 'textContent'>): DesignFrequency {
  const copies = RARITY_TUNING.uniqueness.builtInCopies;
  const pairKey = colourPairKey(design.backgroundColor1, design.backgroundColor2);
  const textKey = designTextKey(design.textContent);
  return {
    ...frequency,
    total: frequency.total + copies * BUILT_IN_PAIRS.length,
    sameColourPair: frequency.sameColourPair + copies * BUILT_IN_PAIRS.filter(([a, b]) => colourPairKey(a, b) === pairKey).length,
    sameText: frequency.sameText + copies * BUILT_IN_TEXTS.filter((text) => designTextKey(text) === textKey).length,
  };
}

/**
 * How much a design without a picture has to be unique with, 0..1: its words, by how many letters
 * and digits they hold (RARITY_TUNING.uniqueness.wordsFloor, wordsFullLength).
 */
export function wordsContent(text: string): number {
  const { wordsFloor, wordsFullLength } = RARITY_TUNING.uniqueness;
  return wordsFloor + (1 - wordsFloor) * clamp(designTextKey(text).length / wordsFullLength, 0, 1);
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

/** A creator's record when one of their POGs is scored: their OTHER scored POGs, and how many of those are legendary. */
export interface CreatorRecord {
  scored: number;
  legendary: number;
}

/**
 * True when one more legendary POG keeps its creator's legendary POGs within the target share
 * (RARITY_TARGET_SHARES.legendary) of their scored POGs, this one included. A creator's first
 * legendary is always allowed; the second needs 100 scored POGs, the third 150.
 */
export function legendaryWithinShare({ scored, legendary }: CreatorRecord): boolean {
  return legendary === 0 || (legendary + 1) / (scored + 1) <= RARITY_TARGET_SHARES.legendary;
}

/**
 * The rule that no recipe makes legendary POGs on demand: a score legendary by its total is epic
 * when its creator's legendary share is used up (legendaryWithinShare), its points those of an epic.
 */
export function capLegendary(score: PogScore, record: CreatorRecord): PogScore {
  if (score.rarity !== 'legendary' || legendaryWithinShare(record)) return score;
  return { ...score, rarity: 'epic', points: pointsFor(score.total, 'epic') };
}

/**
 * What the server knows about the other POGs when it scores one. `sameDesignExists`: another POG
 * already looks exactly the same (designLookKey, and a picture within the copy distance if any).
 */
export type UniquenessInput =
  | { kind: 'image'; nearestHashDistance: number | null; frequency: DesignFrequency; sameDesignExists: boolean }
  | { kind: 'design'; frequency: DesignFrequency; sameDesignExists: boolean };

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

/**
 * True when a POG adds no design of its own: an unchanged template (or the untouched default
 * design), or a copy of another POG (UniquenessInput.sameDesignExists).
 */
export function isCopiedDesign(input: PogScoreInput): boolean {
  return input.uniqueness.sameDesignExists || unchangedStartingDesign(input, input.uniqueness.kind === 'image') !== null;
}

/**
 * Scores a POG. Sub-scores and total are rounded to one decimal; rarity and points follow the
 * rounded total. Uniqueness: the design's (colour pair and text) without an image; with one, the
 * image's times the design's to the power imageDesignWeight. A copied design (isCopiedDesign) is
 * common and earns no uniqueness and no complexity, the work being someone else's: its points come
 * from its harmony alone. The creator's legendary share is the scoring step's (capLegendary).
 */
export function scorePog(input: PogScoreInput): PogScore {
  const copied = isCopiedDesign(input);
  const harmony = round1(harmonyScore(input.backgroundColor1, input.backgroundColor2, input.textColor));
  const design = uniquenessFromDesignFrequency(withBuiltInDesigns(input.uniqueness.frequency, input));
  const uniqueness = copied
    ? 0
    : round1(
        input.uniqueness.kind === 'image'
          ? imageUniqueness(input.uniqueness.nearestHashDistance, input.imageDetail) * (design / 100) ** RARITY_TUNING.uniqueness.imageDesignWeight
          : design * wordsContent(input.textContent),
      );
  const complexity = copied
    ? 0
    : round1(
        complexityScore({
          imageDetail: input.imageDetail,
          textLength: input.textContent.trim().length,
          fontFamily: input.fontFamily,
          bothColoursSet: bothColoursSet(input.backgroundColor1, input.backgroundColor2),
        }),
      );
  const total = round1(totalScore(harmony, uniqueness, complexity));
  const rarity = copied ? 'common' : rarityForTotal(total);
  return { harmony, uniqueness, complexity, total, rarity, points: pointsFor(total, rarity) };
}
