/**
 * The order of the Matches panel (docs/rules.md, Have and Want), pure so that it can be tested:
 * two-way matches before one-way ones, then the best points balance (the smallest gap between the
 * two POGs' points; a match with nothing to pair comes last), then the player's id.
 */
import type { MatchKind } from './api';

export interface Rankable {
  userId: number;
  kind: MatchKind;
  balance: number | null;
}

/** The points balance of a pair: how far apart their points are (unscored counts as 0). */
export const pointsBalance = (a: { points: number }, b: { points: number }): number => Math.abs(a.points - b.points);

export function compareMatches(a: Rankable, b: Rankable): number {
  const twoWay = Number(b.kind === 'both') - Number(a.kind === 'both');
  if (twoWay !== 0) return twoWay;
  const gap = (a.balance ?? Number.POSITIVE_INFINITY) - (b.balance ?? Number.POSITIVE_INFINITY);
  if (gap !== 0 && !Number.isNaN(gap)) return gap;
  return a.userId - b.userId;
}

/** Of `candidates`, the one whose points are closest to `target`'s (the first of equals); null when none. */
export function closestInPoints<T extends { points: number }>(target: { points: number }, candidates: readonly T[]): T | null {
  let best: T | null = null;
  for (const candidate of candidates) if (best === null || pointsBalance(candidate, target) < pointsBalance(best, target)) best = candidate;
  return best;
}
