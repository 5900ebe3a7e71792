/** A battle's rounds as the screens list them: totals and who took each round. */
import { describeToss, isCoinFlip, type Battle, type BattleRound, type BattleSide } from '@pog/common';

export interface RoundView {
  round: number;
  challengerBase: number;
  challengerBonus: number;
  challengerTotal: number;
  defenderBase: number;
  defenderBonus: number;
  defenderTotal: number;
  /** null for a tie, which is replayed as the next round. */
  winner: BattleSide | null;
}

export function roundView(round: BattleRound): RoundView {
  const challengerTotal = round.challengerBase + round.challengerBonus;
  const defenderTotal = round.defenderBase + round.defenderBonus;
  const winner = challengerTotal === defenderTotal ? null : challengerTotal > defenderTotal ? 'challenger' : 'defender';
  return { ...round, challengerTotal, defenderTotal, winner };
}

/**
 * One line per round, e.g. "Round 1: alice 57 (+2), bob 41: alice takes it"; in a coin flip one line
 * per toss, e.g. "Toss 1: Heads" (challenger Heads, common/src/battles/coin.ts).
 */
export function describeRound(view: RoundView, battle: Pick<Battle, 'challenger' | 'defender' | 'battleType'>): string {
  if (isCoinFlip(battle)) return describeToss(view);
  const side = (name: string, base: number, bonus: number, total: number) => `${name} ${total}${bonus > 0 ? ` (${base} + ${bonus})` : ''}`;
  const outcome = view.winner === null ? 'a tie, rolled again' : `${view.winner === 'challenger' ? battle.challenger.username : battle.defender.username} takes it`;
  return `Round ${view.round}: ${side(battle.challenger.username, view.challengerBase, view.challengerBonus, view.challengerTotal)}, ${side(battle.defender.username, view.defenderBase, view.defenderBonus, view.defenderTotal)}: ${outcome}`;
}
