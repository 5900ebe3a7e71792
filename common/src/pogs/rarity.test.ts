import { describe, expect, it } from 'vitest';
import { EXACT_SEARCH_DISTANCE } from './image-hash';
import {
  bothColoursSet,
  colourPairKey,
  complexityScore,
  designTextKey,
  HAMMING_FLAG_DISTANCE,
  harmonyScore,
  hueHarmony,
  pointsFor,
  rarityForTotal,
  scorePog,
  stretch,
  textContrastScore,
  totalScore,
  uniquenessFromDesignFrequency,
  uniquenessFromHashDistance,
} from './rarity';

describe('harmony', () => {
  it('scores complementary, triadic and analogous hues above clashing near-misses', () => {
    const red = '#E53935'; // hue ≈ 1°
    const cyan = '#35DFE5'; // ≈ 181°: complementary
    const blueish = '#3548E5'; // ≈ 233°: 128° away, close to triadic
    const orange = '#E58A35'; // ≈ 29°: analogous
    const chartreuse = '#B4E535'; // ≈ 77°: a near-miss between analogous and triadic
    const clash = hueHarmony(red, chartreuse);
    expect(hueHarmony(red, cyan)).toBeGreaterThan(0.95);
    expect(hueHarmony(red, blueish)).toBeGreaterThan(0.85);
    expect(hueHarmony(red, orange)).toBeGreaterThan(0.95);
    expect(clash).toBeLessThan(0.4);
  });

  it('treats greys as going with anything', () => {
    expect(hueHarmony('#808080', '#E53935')).toBe(hueHarmony('#111111', '#F5F5F5'));
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

  it('treats the first POG of a game as unique', () => {
    expect(uniquenessFromDesignFrequency({ total: 0, sameColourPair: 0, sameText: 0 })).toBe(100);
  });

  it('buckets close shades together and ignores the order of the pair', () => {
    expect(colourPairKey('#6366F1', '#EC4899')).toBe(colourPairKey('#EC4899', '#6366F1'));
    expect(colourPairKey('#6366F1', '#EC4899')).toBe(colourPairKey('#6467F0', '#EB4A98'));
    expect(colourPairKey('#6366F1', '#EC4899')).not.toBe(colourPairKey('#6366F1', '#22C55E'));
  });

  it('normalizes text for counting', () => {
    expect(designTextKey('  Pög  Power! ')).toBe(designTextKey('pog power'));
    expect(designTextKey('')).toBe('');
  });
});

describe('total, rarity and points', () => {
  it('weights the sub-scores 0.35 / 0.40 / 0.25', () => {
    expect(totalScore(100, 0, 0)).toBeCloseTo(35);
    expect(totalScore(0, 100, 0)).toBeCloseTo(40);
    expect(totalScore(0, 0, 100)).toBeCloseTo(25);
  });

  it.each([
    [0, 'common'],
    [39.9, 'common'],
    [40, 'uncommon'],
    [59.9, 'uncommon'],
    [60, 'rare'],
    [74.9, 'rare'],
    [75, 'epic'],
    [87.9, 'epic'],
    [88, 'legendary'],
    [100, 'legendary'],
  ] as const)('a total of %d is %s', (total, rarity) => {
    expect(rarityForTotal(total)).toBe(rarity);
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
  const design = {
    backgroundColor1: '#E53935',
    backgroundColor2: '#35DFE5',
    textColor: '#000000',
    textContent: 'THUNDER STRIKE!!',
    fontFamily: 'Orbitron',
  };

  it('returns consistent sub-scores, total, rarity and points', () => {
    const score = scorePog({ ...design, imageDetail: 0.9, uniqueness: { kind: 'image', nearestHashDistance: 30 } });
    expect(score.total).toBeCloseTo(totalScore(score.harmony, score.uniqueness, score.complexity), 0);
    expect(score.rarity).toBe(rarityForTotal(score.total));
    expect(score.points).toBe(pointsFor(score.total, score.rarity));
    expect(score.rarity).toBe('legendary');
  });

  it('scores a re-upload of an existing picture far lower than an original one', () => {
    const original = scorePog({ ...design, imageDetail: 0.6, uniqueness: { kind: 'image', nearestHashDistance: 28 } });
    const copy = scorePog({ ...design, imageDetail: 0.6, uniqueness: { kind: 'image', nearestHashDistance: 2 } });
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
      uniqueness: { kind: 'design', frequency: { total: 100, sameColourPair: 30, sameText: 40 } },
    });
    expect(score.rarity).toBe('common');
    expect(score.points).toBeLessThan(400);
  });
});
