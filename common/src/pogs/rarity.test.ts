import { describe, expect, it } from 'vitest';
import { RARITIES, type Rarity } from '../constants';
import { measureCorpus, rarityShares, type CorpusDesign } from './corpus';
import { EXACT_SEARCH_DISTANCE } from './image-hash';
import { playerDesigns } from './player-corpus';
import { GRADIENT_PRESETS, POG_TEMPLATES, type PogTemplate } from './templates';
import { POG_DEFAULTS } from './defaults';
import { hexToRgb, oklchToHex, rgbToOklch } from './color';
import {
  bothColoursSet,
  capLegendary,
  colourPairKey,
  complexityScore,
  HAMMING_FLAG_DISTANCE,
  harmonyScore,
  hueHarmony,
  imageUniqueness,
  isCopiedDesign,
  legendaryWithinShare,
  pointsFor,
  RARITY_THRESHOLDS,
  RARITY_WEIGHTS,
  RARITY_TUNING,
  rarityForTotal,
  scorePog,
  stretch,
  textContrastScore,
  totalScore,
  uniquenessFromDesignFrequency,
  uniquenessFromHashDistance,
  withBuiltInDesigns,
  wordsContent,
  type PogScore,
  type PogScoreInput,
} from './rarity';

describe('harmony', () => {
  /** A colour at a hue (OKLCH degrees) of one lightness and chroma, so only the hue relation changes. */
  const at = (h: number, l = 0.65, c = 0.15) => oklchToHex({ l, c, h });
  /** The better reading of white or black text, as a designer would pick it. */
  const bestInk = (a: string, b: string) => Math.max(harmonyScore(a, b, '#FFFFFF'), harmonyScore(a, b, '#000000'));

  it.each([
    ...POG_TEMPLATES.map((t) => [`the ${t.name} template`, t.backgroundColor1, t.backgroundColor2, t.textColor] as const),
    ['the default design', POG_DEFAULTS.backgroundColor1, POG_DEFAULTS.backgroundColor2, POG_DEFAULTS.textColor] as const,
    ...GRADIENT_PRESETS.map((p) => [`the ${p.name} preset with white text`, p.backgroundColor1, p.backgroundColor2, '#FFFFFF'] as const),
    ...GRADIENT_PRESETS.map((p) => [`the ${p.name} preset with black text`, p.backgroundColor1, p.backgroundColor2, '#000000'] as const),
  ])('scores %s as harmonious as it looks (the default and Purple Dream scored 19, Retro Wave 5)', (_, bg1, bg2, ink) => {
    expect(harmonyScore(bg1, bg2, ink)).toBeGreaterThanOrEqual(60);
  });

  it('rewards monochrome, analogous, triadic, split-complementary and complementary hues in OKLCH', () => {
    for (const turn of [0, 30, 45, 60, 120, 150, 180]) {
      for (const hue of [0, 90, 200, 300]) expect(hueHarmony(at(hue), at(hue + turn)), `${turn} degrees from ${hue}`).toBeGreaterThan(0.85);
    }
  });

  it('scores clashing near-misses low: a quarter turn, and almost the same colour at the same lightness', () => {
    for (const hue of [0, 90, 200, 300]) {
      expect(hueHarmony(at(hue), at(hue + 90)), `90 degrees from ${hue}`).toBeLessThan(0.25);
      expect(hueHarmony(at(hue), at(hue + 15)), `15 degrees from ${hue}`).toBeLessThan(0.5);
      expect(bestInk(at(hue), at(hue + 90)), `90 degrees from ${hue}`).toBeLessThan(35);
    }
    // Orange and olive green, a quarter turn apart at one lightness; vermilion and lime.
    expect(bestInk('#D9480F', '#5C940D')).toBeLessThan(35);
    expect(bestInk('#E8590C', '#82C91E')).toBeLessThan(35);
    // The same orange with a complementary blue.
    expect(bestInk('#D9480F', '#1971C2')).toBeGreaterThan(80);
  });

  it('reads one hue from light to dark as a tonal ramp, even when it drifts a little in hue', () => {
    expect(hueHarmony(at(250, 0.8), at(265, 0.45))).toBeGreaterThan(0.85);
    expect(hueHarmony(at(250, 0.65), at(265, 0.65))).toBeLessThan(0.5);
  });

  it('treats greys as going with anything, without making a scheme of two hues', () => {
    const { neutralPairScore, neutralWithColourScore } = RARITY_TUNING.harmony;
    expect(hueHarmony('#111111', '#F5F5F5')).toBeCloseTo(neutralPairScore);
    expect(hueHarmony('#808080', '#E53935')).toBeCloseTo(neutralWithColourScore);
    expect(hueHarmony('#FFFFFF', at(30))).toBeCloseTo(neutralWithColourScore);
  });

  it('judges hue steps as the eye sees them (OKLCH), not as HSL counts them', () => {
    // Indigo to pink: 116 HSL degrees (a clash by HSL), 77 in OKLCH, where it reads as analogous.
    expect(hueHarmony(POG_DEFAULTS.backgroundColor1, POG_DEFAULTS.backgroundColor2)).toBeGreaterThan(0.6);
    const oklch = rgbToOklch(hexToRgb('#FF0000'));
    expect(oklch.h).toBeCloseTo(29.2, 0);
    expect(oklchToHex(oklch)).toBe('#FF0000');
  });

  it('gives full contrast marks from 4.5:1 against the worse background colour', () => {
    expect(textContrastScore('#FFFFFF', '#000000', '#1E3A8A')).toBe(1);
    // White on white at one end of the gradient is unreadable there.
    expect(textContrastScore('#FFFFFF', '#000000', '#FFFFFF')).toBe(0);
    const middling = textContrastScore('#FFFFFF', '#EC4899', '#EC4899');
    expect(middling).toBeGreaterThan(0.3);
    expect(middling).toBeLessThan(1);
  });

  it('combines both into 0..100, readable text lifting the same colours', () => {
    const readable = harmonyScore('#E53935', '#35DFE5', '#000000');
    const unreadable = harmonyScore('#E53935', '#35DFE5', '#E53935');
    expect(readable).toBeGreaterThan(unreadable);
    expect(readable).toBeLessThanOrEqual(100);
    expect(unreadable).toBeGreaterThanOrEqual(0);
  });
});

describe('complexity', () => {
  const base = { imageDetail: null, textLength: 0, fontFamily: 'Bangers', bothColoursSet: false };

  it('is 0 for an untouched design and 100 with everything at its richest', () => {
    expect(complexityScore(base)).toBe(0);
    expect(complexityScore({ imageDetail: 1, textLength: 60, fontFamily: 'Orbitron', bothColoursSet: true })).toBe(100);
  });

  it('grows with each ingredient', () => {
    const scores = [
      complexityScore(base),
      complexityScore({ ...base, textLength: 8 }),
      complexityScore({ ...base, textLength: 8, fontFamily: 'Orbitron' }),
      complexityScore({ ...base, textLength: 8, fontFamily: 'Orbitron', bothColoursSet: true }),
      complexityScore({ ...base, textLength: 8, fontFamily: 'Orbitron', bothColoursSet: true, imageDetail: 0.5 }),
    ];
    for (let i = 1; i < scores.length; i += 1) expect(scores[i]).toBeGreaterThan(scores[i - 1]!);
  });

  it('counts both colours as set only when neither is a default and they differ', () => {
    expect(bothColoursSet('#6366F1', '#EC4899')).toBe(false);
    expect(bothColoursSet('#112233', '#112233')).toBe(false);
    expect(bothColoursSet('#112233', '#EC4899')).toBe(false);
    expect(bothColoursSet('#112233', '#445566')).toBe(true);
  });
});

describe('uniqueness', () => {
  it('maps the nearest hash distance from copy (0) at the flag distance to original (100)', () => {
    expect(uniquenessFromHashDistance(0)).toBe(0);
    expect(uniquenessFromHashDistance(HAMMING_FLAG_DISTANCE)).toBe(0);
    expect(uniquenessFromHashDistance(32)).toBe(100);
    expect(uniquenessFromHashDistance(null)).toBe(100);
  });

  it('is fully original exactly where the similarity search stops seeing images', () => {
    // The server reports distances up to EXACT_SEARCH_DISTANCE and null beyond: both sides of
    // that edge must score alike, or the score would depend on what the index cannot see.
    expect(uniquenessFromHashDistance(EXACT_SEARCH_DISTANCE + 1)).toBe(100);
    expect(uniquenessFromHashDistance(EXACT_SEARCH_DISTANCE)).toBeGreaterThan(90);
    expect(uniquenessFromHashDistance(EXACT_SEARCH_DISTANCE)).toBeLessThan(100);
  });

  it('rises smoothly and strictly between the flag distance and the search edge', () => {
    const curve = Array.from({ length: EXACT_SEARCH_DISTANCE + 2 - HAMMING_FLAG_DISTANCE }, (_, i) =>
      uniquenessFromHashDistance(HAMMING_FLAG_DISTANCE + i),
    );
    for (let i = 1; i < curve.length; i += 1) expect(curve[i]).toBeGreaterThan(curve[i - 1]!);
    // Still close to a copy one bit past the flag distance.
    expect(curve[1]).toBeLessThan(15);
  });

  it('rewards rare colour pairs and texts', () => {
    const fresh = uniquenessFromDesignFrequency({ total: 500, sameColourPair: 0, sameText: 0 });
    const sharedText = uniquenessFromDesignFrequency({ total: 500, sameColourPair: 0, sameText: 40 });
    const sharedBoth = uniquenessFromDesignFrequency({ total: 500, sameColourPair: 40, sameText: 40 });
    expect(fresh).toBe(100);
    expect(sharedText).toBeLessThan(fresh);
    expect(sharedBoth).toBeLessThan(sharedText);
    expect(sharedBoth).toBeGreaterThanOrEqual(0);
  });

  it("weighs a creator's own repeats far more than others', however large the game", () => {
    const big = { total: 100_000, sameColourPair: 3, sameText: 0 };
    const byOthers = uniquenessFromDesignFrequency(big);
    const once = uniquenessFromDesignFrequency({ ...big, ownSameColourPair: 1 });
    const thrice = uniquenessFromDesignFrequency({ ...big, ownSameColourPair: 3 });
    expect(byOthers).toBeGreaterThan(95);
    expect(once).toBeLessThan(0.7 * byOthers);
    expect(thrice).toBeLessThan(0.35 * byOthers);
    // Own text repeats too, down to a floor rather than nothing.
    const text = uniquenessFromDesignFrequency({ ...big, sameText: 50, ownSameText: 50 });
    expect(text).toBeLessThan(0.7 * byOthers);
    expect(text).toBeGreaterThan(0);
  });

  it('treats the first POG of a game as unique', () => {
    expect(uniquenessFromDesignFrequency({ total: 0, sameColourPair: 0, sameText: 0 })).toBe(100);
  });

  it('buckets close shades together and ignores the order of the pair', () => {
    expect(colourPairKey('#6366F1', '#EC4899')).toBe(colourPairKey('#EC4899', '#6366F1'));
    expect(colourPairKey('#6366F1', '#EC4899')).toBe(colourPairKey('#6467F0', '#EB4A98'));
    expect(colourPairKey('#6366F1', '#EC4899')).not.toBe(colourPairKey('#6366F1', '#22C55E'));
  });
});

describe('total, rarity and points', () => {
  it('weights the sub-scores by RARITY_WEIGHTS, which add up to 1', () => {
    const { harmony, uniqueness, complexity } = RARITY_WEIGHTS;
    expect(harmony + uniqueness + complexity).toBeCloseTo(1);
    expect(totalScore(100, 0, 0)).toBeCloseTo(100 * harmony);
    expect(totalScore(0, 100, 0)).toBeCloseTo(100 * uniqueness);
    expect(totalScore(0, 0, 100)).toBeCloseTo(100 * complexity);
    expect(totalScore(100, 100, 100)).toBeCloseTo(100);
  });

  it('gives each rarity from its threshold up to the next one', () => {
    expect(rarityForTotal(0)).toBe('common');
    expect(rarityForTotal(100)).toBe('legendary');
    const order = ['common', 'uncommon', 'rare', 'epic', 'legendary'];
    RARITY_THRESHOLDS.forEach(({ rarity, below }, index) => {
      expect(rarity).toBe(order[index]);
      expect(rarityForTotal(below - 0.1)).toBe(rarity);
      expect(rarityForTotal(below)).toBe(order[index + 1]);
    });
  });

  it('adds the rarity base to ten points per point of total', () => {
    expect(pointsFor(35.24, 'common')).toBe(352);
    expect(pointsFor(50, 'uncommon')).toBe(600);
    expect(pointsFor(70, 'rare')).toBe(950);
    expect(pointsFor(80, 'epic')).toBe(1300);
    expect(pointsFor(90, 'legendary')).toBe(1900);
  });

  it('stretch keeps the ends and the middle and pushes the rest outwards', () => {
    expect(stretch(0, 3)).toBe(0);
    expect(stretch(1, 3)).toBe(1);
    expect(stretch(0.5, 3)).toBeCloseTo(0.5);
    expect(stretch(0.3, 3)).toBeLessThan(0.3);
    expect(stretch(0.7, 3)).toBeGreaterThan(0.7);
    expect(stretch(0.3, 1)).toBeCloseTo(0.3);
  });
});

describe('scorePog', () => {
  /** No other POG shares the colour pair or the text. */
  const unseen = { total: 500, sameColourPair: 0, sameText: 0 };
  const design = {
    backgroundColor1: '#E53935',
    backgroundColor2: '#35DFE5',
    textColor: '#000000',
    textContent: 'THUNDER STRIKE!!',
    fontFamily: 'Orbitron',
  };

  it('returns consistent sub-scores, total, rarity and points', () => {
    const score = scorePog({ ...design, imageDetail: 0.9, uniqueness: { kind: 'image', nearestHashDistance: 30, frequency: unseen, sameDesignExists: false } });
    expect(score.total).toBeCloseTo(totalScore(score.harmony, score.uniqueness, score.complexity), 0);
    expect(score.rarity).toBe(rarityForTotal(score.total));
    expect(score.points).toBe(pointsFor(score.total, score.rarity));
    expect(score.rarity).toBe('legendary');
  });

  it('scores a fresh picture on a colour pair and text used again below one on a design of its own', () => {
    const picture = { kind: 'image', nearestHashDistance: null, sameDesignExists: false } as const;
    const fresh = scorePog({ ...design, imageDetail: 0.8, uniqueness: { ...picture, frequency: unseen } });
    const popular = scorePog({ ...design, imageDetail: 0.8, uniqueness: { ...picture, frequency: { total: 500, sameColourPair: 60, sameText: 40 } } });
    const ownRecipe = scorePog({ ...design, imageDetail: 0.8, uniqueness: { ...picture, frequency: { ...unseen, sameColourPair: 4, sameText: 4, ownSameColourPair: 4, ownSameText: 4 } } });
    expect(fresh.uniqueness).toBe(100);
    expect(popular.uniqueness).toBeLessThan(fresh.uniqueness);
    expect(ownRecipe.uniqueness).toBeLessThan(popular.uniqueness);
  });

  it('scores a re-upload of an existing picture far lower than an original one', () => {
    const original = scorePog({ ...design, imageDetail: 0.6, uniqueness: { kind: 'image', nearestHashDistance: 28, frequency: unseen, sameDesignExists: false } });
    const copy = scorePog({ ...design, imageDetail: 0.6, uniqueness: { kind: 'image', nearestHashDistance: 2, frequency: unseen, sameDesignExists: false } });
    expect(copy.uniqueness).toBe(0);
    expect(copy.points).toBeLessThan(original.points);
  });

  it('scores the untouched default design as common', () => {
    const score = scorePog({
      backgroundColor1: '#6366F1',
      backgroundColor2: '#EC4899',
      textColor: '#FFFFFF',
      textContent: '',
      fontFamily: 'Bangers',
      imageDetail: null,
      uniqueness: { kind: 'design', frequency: { total: 100, sameColourPair: 30, sameText: 40 }, sameDesignExists: false },
    });
    expect(score.rarity).toBe('common');
    expect(score.points).toBeLessThan(400);
  });

  describe("a creator's legendary share", () => {
    const legendary = scorePog({ ...design, imageDetail: 0.9, uniqueness: { kind: 'image', nearestHashDistance: null, frequency: unseen, sameDesignExists: false } });

    it('always allows a first legendary, then one in every 50 scored POGs', () => {
      expect(legendaryWithinShare({ scored: 0, legendary: 0 })).toBe(true);
      expect(legendaryWithinShare({ scored: 5, legendary: 0 })).toBe(true);
      expect(legendaryWithinShare({ scored: 98, legendary: 1 })).toBe(false);
      expect(legendaryWithinShare({ scored: 99, legendary: 1 })).toBe(true);
      expect(legendaryWithinShare({ scored: 148, legendary: 2 })).toBe(false);
      expect(legendaryWithinShare({ scored: 149, legendary: 2 })).toBe(true);
    });

    it('makes a legendary score over the share epic, with the points of an epic', () => {
      expect(legendary.rarity).toBe('legendary');
      expect(capLegendary(legendary, { scored: 10, legendary: 0 })).toEqual(legendary);
      const capped = capLegendary(legendary, { scored: 10, legendary: 1 });
      expect(capped).toEqual({ ...legendary, rarity: 'epic', points: pointsFor(legendary.total, 'epic') });
      const epic = { ...legendary, rarity: 'epic' as const };
      expect(capLegendary(epic, { scored: 10, legendary: 5 })).toBe(epic);
    });
  });
});

describe('what players really make', () => {
  const fresh = { kind: 'design', frequency: { total: 0, sameColourPair: 0, sameText: 0 }, sameDesignExists: false } as const;
  const minimalistWhite = POG_TEMPLATES.find((t) => t.id === 'minimalist-white')!;
  const asInput = (template: PogTemplate): PogScoreInput => ({ ...template, imageDetail: null, uniqueness: fresh });

  it.each(POG_TEMPLATES.map((t) => [t.name, t] as const))('scores the unchanged %s template common, even as the first POG of a game', (_, template) => {
    const score = scorePog(asInput(template));
    expect(score).toMatchObject({ rarity: 'common', uniqueness: 0, complexity: 0 });
    expect(score.points).toBe(pointsFor(score.total, 'common'));
  });

  it('scores Minimalist White common (it scored epic) and a real change of it by the usual rules', () => {
    expect(scorePog(asInput(minimalistWhite)).rarity).toBe('common');
    const changed = scorePog({ ...asInput(minimalistWhite), textContent: 'Snow Queen', fontFamily: 'Pacifico' });
    expect(changed.uniqueness).toBeGreaterThan(0);
    expect(changed.complexity).toBeGreaterThan(0);
  });

  it('scores a copy of an existing design common, however fine the original', () => {
    const design = { backgroundColor1: '#E53935', backgroundColor2: '#35DFE5', textColor: '#000000', textContent: 'THUNDER STRIKE!!', fontFamily: 'Orbitron' };
    for (const uniqueness of [
      { kind: 'image', nearestHashDistance: 0, frequency: { total: 500, sameColourPair: 1, sameText: 1 }, sameDesignExists: true },
      { kind: 'design', frequency: { total: 500, sameColourPair: 1, sameText: 1 }, sameDesignExists: true },
    ] as const) {
      const input = { ...design, imageDetail: uniqueness.kind === 'image' ? 0.9 : null, uniqueness };
      const original = scorePog({ ...input, uniqueness: { ...uniqueness, sameDesignExists: false, ...(uniqueness.kind === 'image' ? { nearestHashDistance: null } : {}) } });
      const copy = scorePog(input);
      expect(isCopiedDesign(input)).toBe(true);
      expect(copy).toMatchObject({ rarity: 'common', uniqueness: 0, complexity: 0 });
      expect(original.rarity).not.toBe('common');
      expect(copy.points).toBeLessThan(original.points);
    }
  });

  it('counts the built-in designs as POGs every game already holds', () => {
    const blue = POG_TEMPLATES.find((t) => t.id === 'blue-gradient')!;
    const copies = RARITY_TUNING.uniqueness.builtInCopies;
    const frequency = withBuiltInDesigns({ total: 10, sameColourPair: 1, sameText: 0 }, { ...blue, textContent: 'pog!' });
    // Blue Gradient's pair once; "POG" is the text of both minimalist templates.
    expect(frequency).toEqual({ total: 10 + 12 * copies, sameColourPair: 1 + copies, sameText: 2 * copies });
    expect(withBuiltInDesigns({ total: 0, sameColourPair: 0, sameText: 0 }, { backgroundColor1: '#123456', backgroundColor2: '#654321', textContent: 'Zorblax' })).toEqual({
      total: 12 * copies,
      sameColourPair: 0,
      sameText: 0,
    });
    // So in a new game a template's colours count as common as colours get, own ones as unique.
    const { designFloor, pairWeight } = RARITY_TUNING.uniqueness;
    const own = scorePog({ backgroundColor1: '#123456', backgroundColor2: '#A5D6A7', textColor: '#FFFFFF', textContent: 'Zorblax', fontFamily: 'Bangers', imageDetail: null, uniqueness: fresh });
    const templated = scorePog({ ...blue, textContent: 'Zorblax', imageDetail: null, uniqueness: fresh });
    expect(own.uniqueness).toBeCloseTo(100 * wordsContent('Zorblax'), 0);
    expect(templated.uniqueness).toBeCloseTo(100 * designFloor ** pairWeight * wordsContent('Zorblax'), 0);
  });

  it.each([
    ['DRAGON', '#0EA5E9', '#F97316'],
    ['ROCKET', '#10B981', '#3B82F6'],
    ['LOVE', '#EF4444', '#F59E0B'],
    ['DRAGON', '#7C3AED', '#DB2777'],
  ])('scores one word (%s) on two fresh colours at most uncommon: such designs scored epic, about 1,350 PTS', (word, bg1, bg2) => {
    const score = scorePog({ backgroundColor1: bg1, backgroundColor2: bg2, textColor: '#FFFFFF', textContent: word, fontFamily: 'Bangers', imageDetail: null, uniqueness: { ...fresh, frequency: { total: 30, sameColourPair: 0, sameText: 0 } } });
    expect(['common', 'uncommon']).toContain(score.rarity);
    expect(score.points).toBeLessThan(800);
  });

  it.each(POG_TEMPLATES.map((t) => [t.name, t] as const))('scores the %s template with only its words changed common or uncommon (it scored rare)', (_, template) => {
    const score = scorePog({ ...asInput(template), textContent: 'TIGER' });
    expect(['common', 'uncommon']).toContain(score.rarity);
  });

  it('counts the words of a design without a picture by how much they say', () => {
    const { wordsFloor } = RARITY_TUNING.uniqueness;
    expect(wordsContent('')).toBe(wordsFloor);
    expect(wordsContent('DRAGON')).toBeLessThan(wordsContent('Dragons of the northern sea'));
    expect(wordsContent('x'.repeat(RARITY_TUNING.uniqueness.wordsFullLength))).toBe(1);
  });

  it('does not count a template or preset pair as colours the player set', () => {
    expect(bothColoursSet('#3B82F6', '#1E3A8A')).toBe(false);
    expect(bothColoursSet('#1E3A8A', '#3B82F6')).toBe(false);
    expect(bothColoursSet(GRADIENT_PRESETS[0]!.backgroundColor1, GRADIENT_PRESETS[0]!.backgroundColor2)).toBe(false);
    expect(bothColoursSet('#3B82F6', '#1E3A8B')).toBe(true);
  });

  it('does not call a plain picture original however far its hash lies', () => {
    expect(imageUniqueness(null, 0)).toBe(0);
    expect(imageUniqueness(null, RARITY_TUNING.uniqueness.originalDetail / 2)).toBeCloseTo(50);
    expect(imageUniqueness(null, RARITY_TUNING.uniqueness.originalDetail)).toBe(100);
    expect(imageUniqueness(null, 1)).toBe(100);
    expect(imageUniqueness(HAMMING_FLAG_DISTANCE, 1)).toBe(0);
  });

  /** Distinct designs as people make them by hand (the kind that all scored uncommon or better). */
  const W = '#FFFFFF';
  const HAND_MADE: [string, CorpusDesign][] = [
    ['default colours, a word', { backgroundColor1: '#6366F1', backgroundColor2: '#EC4899', textColor: W, textContent: 'HELLO', fontFamily: 'Bangers', image: null }],
    ['Blue Gradient, own words', { backgroundColor1: '#3B82F6', backgroundColor2: '#1E3A8A', textColor: W, textContent: 'MY FIRST POG', fontFamily: 'Bangers', image: null }],
    ['Ocean preset, a word', { backgroundColor1: '#06B6D4', backgroundColor2: '#3B82F6', textColor: '#000000', textContent: 'SURF', fontFamily: 'Bangers', image: null }],
    ['muddy and unreadable', { backgroundColor1: '#6B6B47', backgroundColor2: '#7A5C5C', textColor: '#808080', textContent: 'meh', fontFamily: 'Bangers', image: null }],
    ['Sunset preset, a phrase', { backgroundColor1: '#F97316', backgroundColor2: '#EC4899', textColor: W, textContent: 'SUNNY DAYS', fontFamily: 'Pacifico', image: null }],
    ['complementary, strong words', { backgroundColor1: '#E53935', backgroundColor2: '#35DFE5', textColor: '#000000', textContent: 'THUNDER STRIKE', fontFamily: 'Orbitron', image: null }],
    ['dark greys, a word', { backgroundColor1: '#222222', backgroundColor2: '#444444', textColor: W, textContent: 'NIGHT', fontFamily: 'Anton', image: null }],
    ['golden analogous', { backgroundColor1: '#FF8A00', backgroundColor2: '#FFD000', textColor: '#000000', textContent: 'GOLDEN HOUR', fontFamily: 'Lobster', image: null }],
    ['photo, complementary, a name', { backgroundColor1: '#1E3A8A', backgroundColor2: '#F59E0B', textColor: W, textContent: 'CAPTAIN ZORB', fontFamily: 'Luckiest Guy', image: { hash: '9a3c5e7f10b2d4c6', detail: 0.72 } }],
    ['plain picture, default colours', { backgroundColor1: '#6366F1', backgroundColor2: '#EC4899', textColor: W, textContent: '', fontFamily: 'Bangers', image: { hash: '0000000000000003', detail: 0.05 } }],
    ['drawing, own colours', { backgroundColor1: '#14532D', backgroundColor2: '#86EFAC', textColor: W, textContent: 'FROGGY', fontFamily: 'Permanent Marker', image: { hash: '5be1c3a2f09d8e47', detail: 0.3 } }],
    ['meme re-upload on Purple Dream', { backgroundColor1: '#8B5CF6', backgroundColor2: '#EC4899', textColor: W, textContent: 'LOL', fontFamily: 'Bangers', image: { hash: '5be1c3a2f09d8e46', detail: 0.3 } }],
  ];

  function rarities(scores: PogScore[]): Record<string, Rarity> {
    return Object.fromEntries(HAND_MADE.map(([name], index) => [name, scores[index]!.rarity]));
  }

  it.each([
    ['in a new game', [] as CorpusDesign[]],
    ['after 1,000 POGs of other players', playerDesigns(5, 1000)],
  ])('spreads distinct hand-made designs over several rarities %s', (_, before) => {
    const scores = measureCorpus([...before, ...HAND_MADE.map(([, design]) => design)]).slice(before.length).map(scorePog);
    const byName = rarities(scores);
    const counts = rarityShares(scores);
    expect(RARITIES.filter((rarity) => counts[rarity] > 0).length, JSON.stringify(byName)).toBeGreaterThanOrEqual(3);
    expect(counts.common, JSON.stringify(byName)).toBeGreaterThan(0.2);
    expect(counts.common, JSON.stringify(byName)).toBeLessThan(0.7);
    // A re-uploaded picture on a template's colours is common; an original photo on colours of one's own is not.
    expect(byName['meme re-upload on Purple Dream']).toBe('common');
    expect(byName['plain picture, default colours']).toBe('common');
    expect(['epic', 'legendary']).toContain(byName['photo, complementary, a name']);
  });
});
