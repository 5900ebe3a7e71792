/**
 * No recipe of image, colours, font and text makes legendary POGs on demand (decisions.md, Rarity
 * and points; docs/rules.md, Rarity). A property test searches what a player after legendaries would
 * make, one POG after another: a fresh picture each time (random noise, or random shapes busy enough
 * to be real detail), two background colours in a pleasing scheme (complementary, triadic,
 * analogous) with the text colour of most contrast, any font, and the longest text allowed, made up
 * anew each time. Each POG is scored as the worker scores it (DesignArrivals.score, the scoring
 * step's legendary share included) against a population of other players' POGs and the
 * player's own earlier ones. Pictures go through the real upload pipeline.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contrastRatio, POG_FIELD_LIMITS, POG_FONTS, RARITY_TARGET_SHARES, rarityForTotal, rgbToHex, type PogScore } from '@pog/common';
import { DesignArrivals, type CorpusDesign } from '../../../common/src/pogs/corpus';
import { playerDesigns } from '../../../common/src/pogs/player-corpus';
import { noisePng, seededRandom, shapesSvg, svgToPng } from '@pog/domain/testing/images';
import { THOROUGH_TESTS } from '@pog/domain/testing/thorough';
import { processUpload } from './process-image';

/** POGs the farming player makes in one run of the search, after the other players' POGs. */
const FARMED = 100;
const POPULATION = 1_000;
const RUNS = THOROUGH_TESTS ? 12 : 5;
/**
 * The legendary share a run may reach: the target, plus half a point so that one POG more than the
 * target rounds to (1 in a run of 100 sits at 1 %, 2 at 2 %, 3 would be 3 %).
 */
const TOLERANCE = 0.005;

const SCHEMES = { complementary: 180, triadic: 120, analogous: 30 } as const;

/** HSL (degrees, 0..1, 0..1) as #RRGGBB. */
function hsl(h: number, s: number, l: number): string {
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    return 255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return rgbToHex({ r: channel(0), g: channel(8), b: channel(4) });
}

/** White or black, whichever reads better against the worse of the two colours. */
function mostContrast(a: string, b: string): string {
  const against = (ink: string) => Math.min(contrastRatio(ink, a), contrastRatio(ink, b));
  return against('#FFFFFF') >= against('#000000') ? '#FFFFFF' : '#000000';
}

const letters = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ ');

const picture = fc.oneof(
  fc.record({ kind: fc.constant('noise' as const), seed: fc.integer(), size: fc.constantFrom(64, 128, 256, 512), blur: fc.constantFrom(0, 0.5, 1, 2) }),
  fc.record({ kind: fc.constant('shapes' as const), seed: fc.integer(), size: fc.constantFrom(128, 256), count: fc.integer({ min: 10, max: 80 }) }),
);

const farmingDesign = fc.record({
  picture,
  scheme: fc.constantFrom(...(Object.keys(SCHEMES) as (keyof typeof SCHEMES)[])),
  hue: fc.integer({ min: 0, max: 359 }),
  saturation: fc.double({ min: 0.6, max: 1, noNaN: true }),
  lightness: fc.double({ min: 0.15, max: 0.55, noNaN: true }),
  fontFamily: fc.constantFrom(...POG_FONTS),
  textContent: fc.string({ unit: letters, minLength: POG_FIELD_LIMITS.textMax, maxLength: POG_FIELD_LIMITS.textMax }),
});
type FarmingDesign = typeof farmingDesign extends fc.Arbitrary<infer T> ? T : never;

async function pictureBytes(p: FarmingDesign['picture']): Promise<Buffer> {
  const random = seededRandom(p.seed);
  return p.kind === 'noise' ? noisePng(random, p.size, p.blur) : svgToPng(shapesSvg(random, p.size, p.count));
}

async function asCorpusDesign(design: FarmingDesign): Promise<CorpusDesign> {
  const backgroundColor1 = hsl(design.hue, design.saturation, design.lightness);
  const backgroundColor2 = hsl((design.hue + SCHEMES[design.scheme]) % 360, design.saturation, design.lightness);
  const { hash, detail } = await processUpload(await pictureBytes(design.picture));
  return {
    backgroundColor1,
    backgroundColor2,
    textColor: mostContrast(backgroundColor1, backgroundColor2),
    textContent: design.textContent,
    fontFamily: design.fontFamily,
    image: { hash, detail },
    creator: 'farmer',
  };
}

/** The farmer's POGs scored one after another, after POPULATION POGs of other players. */
async function farm(populationSeed: number, designs: FarmingDesign[]): Promise<(PogScore & { picture: 'noise' | 'shapes' })[]> {
  const arrivals = new DesignArrivals();
  for (const design of playerDesigns(populationSeed, POPULATION)) arrivals.arrive(design);
  const scores: (PogScore & { picture: 'noise' | 'shapes' })[] = [];
  for (const design of designs) scores.push({ ...arrivals.score(await asCorpusDesign(design)), picture: design.picture.kind });
  return scores;
}

const share = (scores: readonly PogScore[], legendary: (score: PogScore) => boolean) => scores.filter(legendary).length / scores.length;

describe('farming legendary POGs', () => {
  it(
    'finds legendary at most at the target rate, whatever the recipe',
    async () => {
      const runs: { legendary: number; byTotal: number; noiseByTotal: number; shapesByTotal: number; points: number }[] = [];
      const result = await fc.check(
        fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), fc.array(farmingDesign, { minLength: FARMED, maxLength: FARMED }), async (seed, designs) => {
          const scores = await farm(seed, designs);
          const legendary = share(scores, (s) => s.rarity === 'legendary');
          runs.push({
            legendary,
            byTotal: share(scores, (s) => rarityForTotal(s.total) === 'legendary'),
            noiseByTotal: share(scores.filter((s) => s.picture === 'noise'), (s) => rarityForTotal(s.total) === 'legendary'),
            shapesByTotal: share(scores.filter((s) => s.picture === 'shapes'), (s) => rarityForTotal(s.total) === 'legendary'),
            points: scores.reduce((sum, s) => sum + s.points, 0) / scores.length,
          });
          return legendary <= RARITY_TARGET_SHARES.legendary + TOLERANCE;
        }),
        // Each run is a hundred pictures: no shrinking, the first counterexample is reported as found.
        { numRuns: RUNS, endOnFailure: true },
      );
      const mean = (key: 'legendary' | 'byTotal' | 'noiseByTotal' | 'shapesByTotal' | 'points') => runs.reduce((sum, run) => sum + run[key], 0) / runs.length;
      const percent = (value: number) => `${(100 * value).toFixed(1)}%`;
      console.info(
        `farming: ${runs.length} runs of ${FARMED} POGs, legendary ${percent(mean('legendary'))} (${runs.map((run) => percent(run.legendary)).join(', ')}); ` +
          `by total alone ${percent(mean('byTotal'))} (noise pictures ${percent(mean('noiseByTotal'))}, shapes ${percent(mean('shapesByTotal'))}); mean ${mean('points').toFixed(0)} PTS`,
      );
      expect(result.failed, `a run over the target; replay with { seed: ${result.seed}, path: '${result.counterexamplePath}' }`).toBe(false);
    },
    300_000,
  );
});
