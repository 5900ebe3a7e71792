/**
 * decisions.md, Rarity and points: designs as players make them (player-corpus.ts: templates, the
 * popular ones copied many times, presets, own colours, common words, with and without pictures)
 * must land within 5 points of 50 / 25 / 15 / 8 / 2 percent common to legendary, scored one after
 * another against the POGs before them as the server scores them. The random corpus, which needs
 * real pictures, is checked in worker/src/images/rarity-distribution.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { describeScores, measureCorpus, rarityShares, sharesOffTarget } from './corpus';
import { playerDesigns } from './player-corpus';
import { scorePog } from './rarity';

const CORPUS_SIZE = 2_000;
const TOLERANCE = 0.05;
/**
 * Seeds the curves were NOT tuned on (tuning used 1, 2, 3, 7 and 42); each corpus takes about a
 * second. Check others with e.g. POG_RARITY_SEEDS=5,6.
 */
const SEEDS = (process.env.POG_RARITY_SEEDS ?? '11,2024,31337,8,99').split(',').map(Number);

describe('rarity distribution of designs as players make them', () => {
  it.each(SEEDS)('lands within 5 points of 50/25/15/8/2 percent (seed %i)', (seed) => {
    const scores = measureCorpus(playerDesigns(seed, CORPUS_SIZE)).map(scorePog);
    console.info(describeScores(`player seed ${seed}`, scores));
    expect(sharesOffTarget(rarityShares(scores), TOLERANCE)).toEqual([]);
  });
});
