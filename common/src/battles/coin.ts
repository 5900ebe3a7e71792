/**
 * How a coin flip reads (battle type `flip`). The challenger's face is Heads and the defender's
 * Tails. The coin is tossed with the same provably fair draws as any battle (rolls.ts): a toss
 * lands on Heads when the challenger's draw is the higher one, on Tails when the defender's is, and
 * is tossed again when both draws are equal. So the face the coin finally lands on is the winner's.
 * Every screen and the server's notifications read flips through this file, never as rolls.
 */
import type { BattleType } from '../constants';
import type { BattleRound, BattleSide } from './schemas';

export type CoinFace = 'Heads' | 'Tails';

/** Challenger = Heads, defender = Tails. */
export const COIN_FACES: Readonly<Record<BattleSide, CoinFace>> = { challenger: 'Heads', defender: 'Tails' };

export function isCoinFlip(battle: { battleType: BattleType }): boolean {
  return battle.battleType === 'flip';
}

/** The face a player backs in a flip. */
export function coinFaceOf(side: BattleSide): CoinFace {
  return COIN_FACES[side];
}

/** Where one toss landed, or null when both draws were equal (the coin is tossed again). */
export function tossFace(round: Pick<BattleRound, 'challengerBase' | 'defenderBase'>): CoinFace | null {
  if (round.challengerBase === round.defenderBase) return null;
  return round.challengerBase > round.defenderBase ? COIN_FACES.challenger : COIN_FACES.defender;
}

/** Where the coin finally landed: the winner's face. */
export function landedFace(winner: BattleSide): CoinFace {
  return COIN_FACES[winner];
}

/** "The coin landed Heads" (no full stop: sentences go on from it). */
export function coinLanding(winner: BattleSide): string {
  return `The coin landed ${landedFace(winner)}`;
}

/** "The coin landed Heads." */
export function landedText(winner: BattleSide): string {
  return `${coinLanding(winner)}.`;
}

/** One line of a toss: "Toss 1: Heads", "Toss 2: both draws equal, tossed again". */
export function describeToss(round: Pick<BattleRound, 'round' | 'challengerBase' | 'defenderBase'>): string {
  const face = tossFace(round);
  return `Toss ${round.round}: ${face ?? 'both draws equal, tossed again'}`;
}
