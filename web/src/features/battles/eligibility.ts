/**
 * Which of your POGs you may risk right now. The server refuses a POG that is rejected, out of trade
 * supply, on cooldown or already risked in an open battle (decisions.md, Limits); the choosers mirror
 * that, each refused POG with its reason, in the server's order.
 */
import { cooldownHoursLeft, cooldownTitle, OPEN_BATTLE_STATUSES, type Battle, type Pog } from '@pog/common';

export type RiskBlockReason = 'rejected' | 'exhausted' | 'cooldown' | 'in-battle';

export interface RiskBlock {
  reason: RiskBlockReason;
  /** Shown beside the POG and read out with it. */
  label: string;
  /** When a cooldown ends (ms since the epoch), so the chooser can offer the POG again on time. */
  until: number | null;
}

export const RISK_BLOCK_LABELS = {
  rejected: 'Rejected by a moderator: it cannot be risked',
  exhausted: 'No trades left: its supply is used up',
  inBattle: 'Already risked in another open battle',
} as const;

/** The POGs committed in your open battles (pending or accepted). */
export function riskedPogIds(battles: readonly Battle[]): Set<number> {
  const open = battles.filter((battle) => (OPEN_BATTLE_STATUSES as readonly string[]).includes(battle.status));
  return new Set(open.flatMap((battle) => [battle.challengerPogId, battle.defenderPogId]).filter((id): id is number => id !== null));
}

type RiskablePog = Pick<Pog, 'id' | 'moderationStatus' | 'tradesRemaining' | 'cooldownUntil' | 'onCooldown' | 'cooldownHours'>;

export function riskBlock(pog: RiskablePog, risked: ReadonlySet<number>, now: number): RiskBlock | null {
  if (pog.moderationStatus === 'rejected') return { reason: 'rejected', label: RISK_BLOCK_LABELS.rejected, until: null };
  if (pog.tradesRemaining <= 0) return { reason: 'exhausted', label: RISK_BLOCK_LABELS.exhausted, until: null };
  if (pog.cooldownUntil) {
    const hours = cooldownHoursLeft(pog.cooldownUntil, new Date(now));
    if (hours > 0) return { reason: 'cooldown', label: cooldownTitle(hours), until: new Date(pog.cooldownUntil).getTime() };
  } else if (pog.onCooldown && pog.cooldownHours > 0) {
    return { reason: 'cooldown', label: cooldownTitle(pog.cooldownHours), until: null };
  }
  if (risked.has(pog.id)) return { reason: 'in-battle', label: RISK_BLOCK_LABELS.inBattle, until: null };
  return null;
}

/** The earliest moment a blocked POG frees up by itself (a cooldown ending), or null. */
export function nextUnblock(blocks: ReadonlyArray<RiskBlock | null>): number | null {
  const times = blocks.map((block) => block?.until ?? null).filter((until): until is number => until !== null);
  return times.length > 0 ? Math.min(...times) : null;
}
