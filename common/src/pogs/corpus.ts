/**
 * Test support for the rarity corpora (not used by the app): designs arrive one after another and
 * each is measured against the ones before it with only what the server's scorer knows
 * (domain/src/pogs/scoring.ts, uniquenessInput): how many earlier POGs share its colour pair
 * and its text (and how many of those its creator made), the nearest earlier image within
 * EXACT_SEARCH_DISTANCE bits (nothing beyond), and whether an earlier POG looks exactly the same.
 * `score` also applies the creator's legendary share as the server's scoring step does.
 */
import { RARITIES, type Rarity } from '../constants';
import { designLookKey, type DesignLook } from './design-match';
import { EXACT_SEARCH_DISTANCE, hammingDistance } from './image-hash';
import { capLegendary, colourPairKey, designTextKey, RARITY_TARGET_SHARES, RARITY_TUNING, scorePog, type CreatorRecord, type PogScore, type PogScoreInput } from './rarity';

/** A picture as the scorer sees it: its perceptual hash and its detail (0..1). */
export interface CorpusImage {
  hash: string;
  detail: number;
}

export interface CorpusDesign extends DesignLook {
  image: CorpusImage | null;
  /** Who made it; designs without one are each by a player of their own. */
  creator?: string;
}

/**
 * The nearest earlier image as the server's similarity search reports it (findSimilarImages, then
 * `similar[0]?.distance ?? null`): its distance when within EXACT_SEARCH_DISTANCE, otherwise null.
 */
export function nearestVisibleDistance(hash: string, earlier: Iterable<string>): number | null {
  let nearest: number | null = null;
  for (const other of earlier) {
    const distance = hammingDistance(hash, other);
    if (distance <= EXACT_SEARCH_DISTANCE && (nearest === null || distance < nearest)) nearest = distance;
  }
  return nearest;
}

const increment = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);

/** The POGs of one simulated game, in creation order; `arrive` scores the next one against the rest. */
export class DesignArrivals {
  private readonly pairCounts = new Map<string, number>();
  private readonly textCounts = new Map<string, number>();
  /** Per look (designLookKey): the image hashes of the POGs with that look, '' for none. */
  private readonly looks = new Map<string, string[]>();
  private readonly hashes: string[] = [];
  /** Per creator: their POGs' colour pairs and texts, counted as above, and their record. */
  private readonly creators = new Map<string, { pairCounts: Map<string, number>; textCounts: Map<string, number>; record: CreatorRecord }>();
  private total = 0;

  /** What the scorer would be given for this design; then the design joins the game. */
  arrive(design: CorpusDesign): PogScoreInput {
    const pairKey = colourPairKey(design.backgroundColor1, design.backgroundColor2);
    const textKey = designTextKey(design.textContent);
    const lookKey = designLookKey(design);
    const sameLook = this.looks.get(lookKey) ?? [];
    const { image } = design;
    const { copyDistance } = RARITY_TUNING.uniqueness;
    const creator = this.creator(design);
    const frequency = {
      total: this.total,
      sameColourPair: this.pairCounts.get(pairKey) ?? 0,
      sameText: this.textCounts.get(textKey) ?? 0,
      ...(creator ? { ownSameColourPair: creator.pairCounts.get(pairKey) ?? 0, ownSameText: creator.textCounts.get(textKey) ?? 0 } : {}),
    };
    const input: PogScoreInput = {
      backgroundColor1: design.backgroundColor1,
      backgroundColor2: design.backgroundColor2,
      textColor: design.textColor,
      textContent: design.textContent,
      fontFamily: design.fontFamily,
      imageDetail: image?.detail ?? null,
      uniqueness: image
        ? {
            kind: 'image',
            nearestHashDistance: nearestVisibleDistance(image.hash, this.hashes),
            frequency,
            sameDesignExists: sameLook.some((hash) => hash !== '' && hammingDistance(hash, image.hash) <= copyDistance),
          }
        : {
            kind: 'design',
            frequency,
            sameDesignExists: sameLook.includes(''),
          },
    };
    increment(this.pairCounts, pairKey);
    increment(this.textCounts, textKey);
    if (creator) {
      increment(creator.pairCounts, pairKey);
      increment(creator.textCounts, textKey);
    }
    this.looks.set(lookKey, [...sameLook, image?.hash ?? '']);
    if (image) this.hashes.push(image.hash);
    this.total += 1;
    return input;
  }

  /** The design scored as the worker scores it, its creator's legendary share applied; then it joins the game. */
  score(design: CorpusDesign): PogScore {
    const record = { ...(this.creator(design)?.record ?? { scored: 0, legendary: 0 }) };
    const score = capLegendary(scorePog(this.arrive(design)), record);
    const creator = this.creator(design);
    if (creator) {
      creator.record.scored += 1;
      if (score.rarity === 'legendary') creator.record.legendary += 1;
    }
    return score;
  }

  private creator({ creator }: CorpusDesign) {
    if (creator === undefined) return undefined;
    let found = this.creators.get(creator);
    if (!found) {
      found = { pairCounts: new Map(), textCounts: new Map(), record: { scored: 0, legendary: 0 } };
      this.creators.set(creator, found);
    }
    return found;
  }
}

/** Every design measured in creation order, as the worker would score them. */
export function measureCorpus(designs: Iterable<CorpusDesign>): PogScoreInput[] {
  const arrivals = new DesignArrivals();
  return Array.from(designs, (design) => arrivals.arrive(design));
}

/** Share of each rarity among `scores` (0..1). */
export function rarityShares(scores: readonly Pick<PogScore, 'rarity'>[]): Record<Rarity, number> {
  const result = Object.fromEntries(RARITIES.map((rarity) => [rarity, 0])) as Record<Rarity, number>;
  for (const { rarity } of scores) result[rarity] += 1 / scores.length;
  return result;
}

/** The rarities whose share is further than `tolerance` from its target, with both shares. */
export function sharesOffTarget(shares: Record<Rarity, number>, tolerance: number): { rarity: Rarity; share: number; target: number }[] {
  return RARITIES.filter((rarity) => Math.abs(shares[rarity] - RARITY_TARGET_SHARES[rarity]) > tolerance).map((rarity) => ({
    rarity,
    share: shares[rarity],
    target: RARITY_TARGET_SHARES[rarity],
  }));
}

/** One line for a test log: the share of each rarity and the mean sub-scores. */
export function describeScores(label: string, scores: readonly PogScore[]): string {
  const percent = (value: number) => `${(100 * value).toFixed(1)}%`;
  const mean = (key: 'harmony' | 'uniqueness' | 'complexity' | 'total') => (scores.reduce((sum, score) => sum + score[key], 0) / scores.length).toFixed(1);
  const distribution = Object.entries(rarityShares(scores))
    .map(([rarity, share]) => `${rarity} ${percent(share)}`)
    .join(', ');
  return `${label}: ${distribution} (mean harmony ${mean('harmony')}, uniqueness ${mean('uniqueness')}, complexity ${mean('complexity')}, total ${mean('total')})`;
}
