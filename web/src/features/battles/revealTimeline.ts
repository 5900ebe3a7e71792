/**
 * The battle reveal's script (docs/rules.md, Battles): a count-in of 3, 2, 1, then the rolls land
 * one after the other (each round the challenger's, then the defender's; in a coin flip one landing
 * per toss), then the verdict. However many rounds a battle took, the whole reveal fits in
 * REVEAL_BUDGET_MS: the landings share what the count-in leaves, never slower than LAND_MAX_MS each.
 */
import type { BattleSide } from '@pog/common';

export const COUNT_IN = [3, 2, 1] as const;
export const COUNT_MS = 220;
export const LAND_MAX_MS = 400;
/** Nobody waits more than about 3 s for a result: the script leaves some 0.9 s for the completion to arrive. */
export const REVEAL_BUDGET_MS = 2100;

export type RevealBeat =
  | { kind: 'count'; n: number; at: number }
  /** The roll (or the toss, side null) of round index `round` (0-based) lands. */
  | { kind: 'land'; round: number; side: BattleSide | null; at: number }
  | { kind: 'verdict'; at: number };

export function revealBeats(rounds: number, coinFlip: boolean): RevealBeat[] {
  const beats: RevealBeat[] = COUNT_IN.map((n, i) => ({ kind: 'count', n, at: i * COUNT_MS }));
  const landings: Array<{ round: number; side: BattleSide | null }> = [];
  for (let round = 0; round < rounds; round++) {
    if (coinFlip) landings.push({ round, side: null });
    else landings.push({ round, side: 'challenger' }, { round, side: 'defender' });
  }
  const start = COUNT_IN.length * COUNT_MS;
  const step = landings.length === 0 ? 0 : Math.min(LAND_MAX_MS, Math.floor((REVEAL_BUDGET_MS - start) / (landings.length + 1)));
  landings.forEach((landing, i) => beats.push({ kind: 'land', ...landing, at: start + i * step }));
  beats.push({ kind: 'verdict', at: start + landings.length * step });
  return beats;
}

/** How long the whole reveal takes, from the first count to the verdict. */
export function revealDuration(beats: readonly RevealBeat[]): number {
  return beats.at(-1)?.at ?? 0;
}
