/** How a battle reads from one player's seat: their side, the opponent, the result, what they may do. */
import { type Battle, battleBonus, type BattleParty, type BattleSide, type BattleType, coinFaceOf, isCoinFlip, landedText, type Rarity, type UserId } from '@pog/common';

export function sideOf(battle: Pick<Battle, 'challengerId' | 'defenderId'>, viewerId: UserId): BattleSide | null {
  if (battle.challengerId === viewerId) return 'challenger';
  if (battle.defenderId === viewerId) return 'defender';
  return null;
}

export function opponentOf(battle: Battle, viewerId: UserId): BattleParty {
  return sideOf(battle, viewerId) === 'challenger' ? battle.defender : battle.challenger;
}

export type BattleResult = 'won' | 'lost' | 'pending' | 'accepted' | 'declined' | 'cancelled' | 'expired';

export function resultFor(battle: Pick<Battle, 'status' | 'winnerId'>, viewerId: UserId): BattleResult {
  if (battle.status === 'completed') return battle.winnerId === viewerId ? 'won' : 'lost';
  return battle.status;
}

export const RESULT_LABELS: Record<BattleResult, string> = {
  won: 'Won',
  lost: 'Lost',
  pending: 'Pending',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

export interface BattleActions {
  accept: boolean;
  decline: boolean;
  cancel: boolean;
  flip: boolean;
}

/**
 * the product spec (screens and roles): only pending battles offer accept, decline (both the defender's) and cancel
 * (the challenger's); only accepted ones offer the flip, to either player.
 */
export function actionsFor(battle: Pick<Battle, 'status' | 'challengerId' | 'defenderId'>, viewerId: UserId): BattleActions {
  const side = sideOf(battle, viewerId);
  const pending = battle.status === 'pending';
  return {
    accept: pending && side === 'defender',
    decline: pending && side === 'defender',
    cancel: pending && side === 'challenger',
    flip: battle.status === 'accepted' && side !== null,
  };
}

/** The roll bonus a POG of this rarity brings to this kind of battle, as the screens print it. */
export function bonusText(battleType: BattleType, rarity: Rarity): string {
  if (battleType === 'flip') return 'no bonus';
  return `+${battleBonus(battleType, rarity)}`;
}

/**
 * What a battle card says beside a player's POG: the roll bonus ("bonus +2"), or in a coin flip the
 * face the player backs ("Heads": challenger Heads, defender Tails).
 */
export function sideNote(battleType: BattleType, side: BattleSide, rarity: Rarity): string {
  return battleType === 'flip' ? coinFaceOf(side) : `bonus ${bonusText(battleType, rarity)}`;
}

/** Under each POG a player may risk: "Roll bonus +2", or in a coin flip "You are Heads". */
export function chooserNote(battleType: BattleType, side: BattleSide, rarity: Rarity): string {
  return battleType === 'flip' ? `You are ${coinFaceOf(side)}` : `Roll bonus ${bonusText(battleType, rarity)}`;
}

export const BATTLE_TYPE_LABELS: Record<BattleType, string> = {
  standard: 'Standard',
  championship: 'Championship (best of three)',
  flip: 'Coin flip',
};

/** The username of the winner of a completed battle, or null. */
export function winnerName(battle: Battle): string | null {
  if (battle.winnerId === null) return null;
  return battle.winnerId === battle.challengerId ? battle.challenger.username : battle.defender.username;
}

/** The side that won a completed battle, or null. */
export function winnerSide(battle: Pick<Battle, 'winnerId' | 'challengerId' | 'defenderId'>): BattleSide | null {
  if (battle.winnerId === null) return null;
  return battle.winnerId === battle.challengerId ? 'challenger' : 'defender';
}

/**
 * How a completed battle was decided: both deciding rolls, or in a coin flip the face it landed on
 * ("The coin landed Heads.").
 */
export function decidedBy(battle: Battle): string {
  const side = winnerSide(battle);
  if (isCoinFlip(battle) && side) return landedText(side);
  return `${battle.challenger.username} rolled ${battle.challengerRoll ?? '?'}, ${battle.defender.username} rolled ${battle.defenderRoll ?? '?'}.`;
}

/** The 'Battle Completed!' toast: it names the winner and how it was decided (product spec: errors). */
export function completionToast(battle: Battle): { title: string; description: string } {
  const winner = winnerName(battle) ?? 'Nobody';
  return { title: 'Battle Completed!', description: `${winner} wins! ${decidedBy(battle)}` };
}
