/**
 * Whether a POG can be used right now (decisions.md, Limits): offered or requested in a trade, or
 * risked in a battle. The one home of the rule: the server's commands refuse with it and the web's
 * controls disable with it, each turning the reason into its own words.
 */
import { cooldownHoursLeft } from './cooldown';

export type PogUse = 'offer' | 'request' | 'risk';

export type UnavailableReason = 'rejected' | 'exhausted' | 'cooldown' | 'in-battle';

export interface Unavailable {
  reason: UnavailableReason;
  /** When a cooldown ends (null for other reasons, or when only the hours left are known). */
  until: Date | null;
  /** Hours of cooldown left (0 for other reasons). */
  hoursLeft: number;
}

export interface AvailabilityFacts {
  moderationStatus: string;
  tradesRemaining: number;
  cooldownUntil: Date | string | null;
  /** The server's own reading, used by a client only when it has no end time. */
  onCooldown?: boolean;
  cooldownHours?: number;
}

/**
 * Null when the POG can be used for `use`; otherwise the first reason, in this order: rejected by a
 * moderator, out of trade supply, on cooldown, and (for a risk) already risked in an open battle.
 */
export function pogUnavailable(pog: AvailabilityFacts, use: PogUse, now: Date, context: { inOpenBattle?: boolean } = {}): Unavailable | null {
  const refused = (reason: UnavailableReason, until: Date | null = null, hoursLeft = 0): Unavailable => ({ reason, until, hoursLeft });
  if (pog.moderationStatus === 'rejected') return refused('rejected');
  if (pog.tradesRemaining <= 0) return refused('exhausted');
  if (pog.cooldownUntil) {
    const hours = cooldownHoursLeft(pog.cooldownUntil, now);
    if (hours > 0) return refused('cooldown', new Date(pog.cooldownUntil), hours);
  } else if (pog.onCooldown && (pog.cooldownHours ?? 0) > 0) {
    return refused('cooldown', null, pog.cooldownHours!);
  }
  if (use === 'risk' && context.inOpenBattle) return refused('in-battle');
  return null;
}

/** Seconds until a cooldown ends (the wait a refusal reports). */
export function secondsUntil(until: Date, now: Date): number {
  return (until.getTime() - now.getTime()) / 1000;
}
