/**
 * Which of your POGs you may risk right now. The server refuses a POG that is rejected, out of trade
 * supply, on cooldown or already risked in an open battle (decisions.md, Limits); the choosers mirror
 * that, each refused POG with its reason, in the server's order.
 */
import { type Battle, cooldownTitle, OPEN_BATTLE_STATUSES, type Pog, type PogId, pogUnavailable } from '@pog/common';

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

const LABEL_OF: Record<Exclude<RiskBlockReason, 'cooldown'>, string> = {
  rejected: RISK_BLOCK_LABELS.rejected,
  exhausted: RISK_BLOCK_LABELS.exhausted,
  'in-battle': RISK_BLOCK_LABELS.inBattle,
};

/** The POGs committed in your open battles (pending or accepted). */
export function riskedPogIds(battles: readonly Battle[]): Set<PogId> {
  const open = battles.filter((battle) => (OPEN_BATTLE_STATUSES as readonly string[]).includes(battle.status));
  return new Set(open.flatMap((battle) => [battle.challengerPogId, battle.defenderPogId]).filter((id): id is PogId => id !== null));
}

type RiskablePog = Pick<Pog, 'id' | 'moderationStatus' | 'tradesRemaining' | 'cooldownUntil' | 'onCooldown' | 'cooldownHours'>;

/** The server's rule (pogUnavailable, in common) with the chooser's words. */
export function riskBlock(pog: RiskablePog, risked: ReadonlySet<number>, now: number): RiskBlock | null {
  const refusal = pogUnavailable(pog, 'risk', new Date(now), { inOpenBattle: risked.has(pog.id) });
  if (!refusal) return null;
  if (refusal.reason === 'cooldown') return { reason: 'cooldown', label: cooldownTitle(refusal.hoursLeft), until: refusal.until?.getTime() ?? null };
  return { reason: refusal.reason, label: LABEL_OF[refusal.reason], until: null };
}

/** The earliest moment a blocked POG frees up by itself (a cooldown ending), or null. */
export function nextUnblock(blocks: ReadonlyArray<RiskBlock | null>): number | null {
  const times = blocks.map((block) => block?.until ?? null).filter((until): until is number => until !== null);
  return times.length > 0 ? Math.min(...times) : null;
}
