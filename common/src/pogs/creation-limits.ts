/**
 * Whether a player may create a POG now (decisions.md, Limits). Pure: the server fills the facts
 * in one locked transaction, the web app can mirror the same rule.
 */
import { LIMITS } from '../constants';
import type { ErrorCode } from '../errors';

export interface CreationFacts {
  /** POGs the player holds now. */
  holding: number;
  /** Creations since the start of today (UTC): new POGs, deleted ones included, and design edits. */
  createdToday: number;
  /** Every POG the player ever created (edits not counted). */
  createdTotal: number;
  /** The last creation or design edit. */
  lastCreatedAt: Date | null;
  /** Whether a moderator rejected one of the player's POGs. */
  hasRejected: boolean;
  rewards?: { collection?: number; creation?: number };
}

export interface CreationRefusal {
  code: Extract<ErrorCode, 'CREATION_LIMIT' | 'DAILY_LIMIT' | 'COOLDOWN'>;
  message: string;
  /** Seconds until the player may try again (none for the collection limit: it takes a burn). */
  retryAfterSeconds?: number;
}

export function collectionLimit(facts: Pick<CreationFacts, 'rewards'>): number {
  return LIMITS.collectionLimit + (facts.rewards?.collection ?? 0);
}

export function dailyCreationLimit(facts: Pick<CreationFacts, 'rewards'>): number {
  return LIMITS.dailyCreationLimit + (facts.rewards?.creation ?? 0);
}

export function creationCooldownSeconds(facts: Pick<CreationFacts, 'createdTotal' | 'hasRejected'>): number {
  const trusted = facts.createdTotal >= LIMITS.trustedCreatorThreshold && !facts.hasRejected;
  return trusted ? LIMITS.trustedCreationCooldownSeconds : LIMITS.creationCooldownSeconds;
}

/** Seconds (not rounded) until the creation cooldown ends; 0 when it has or there was no creation. */
export function creationCooldownLeft(facts: Pick<CreationFacts, 'createdTotal' | 'hasRejected' | 'lastCreatedAt'>, now: Date): number {
  if (!facts.lastCreatedAt) return 0;
  const readyAt = facts.lastCreatedAt.getTime() + creationCooldownSeconds(facts) * 1000;
  return Math.max(0, (readyAt - now.getTime()) / 1000);
}

export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** "3h 12m", "45m", "20 seconds": how long a person waits. */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} second${s === 1 ? '' : 's'}`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h}h ${m}m` : `${h}h`;
}

/**
 * A new POG ('create'), or an edit that changes a design ('edit'): an edit counts as a creation for
 * the cooldown and the daily limit (no free re-rolls of the score), but adds no POG to the collection.
 */
export type CreationKind = 'create' | 'edit';

export function checkCreation(facts: CreationFacts, now: Date, kind: CreationKind = 'create'): CreationRefusal | null {
  const edit = kind === 'edit';
  const limit = collectionLimit(facts);
  if (!edit && facts.holding >= limit) {
    return {
      code: 'CREATION_LIMIT',
      message: `You've reached your creation limit: you hold ${facts.holding} of ${limit} POGs. Burn an existing pog to create a new one.`,
    };
  }
  const daily = dailyCreationLimit(facts);
  if (facts.createdToday >= daily) {
    const tomorrow = startOfUtcDay(now).getTime() + 24 * 3600 * 1000;
    const wait = (tomorrow - now.getTime()) / 1000;
    const reached = `reached your daily limit of ${daily} new POGs`;
    const when = `in ${formatWait(wait)} (at 00:00 UTC)`;
    return {
      code: 'DAILY_LIMIT',
      message: edit
        ? `Changing a POG's design counts as a creation, and you've ${reached}. You can change it ${when}.`
        : `You've ${reached}. You can create again ${when}.`,
      retryAfterSeconds: Math.ceil(wait),
    };
  }
  const wait = creationCooldownLeft(facts, now);
  if (wait > 0) {
    return {
      code: 'COOLDOWN',
      message: edit
        ? `Changing a POG's design counts as a creation, and creation is on cooldown. You can change it in ${formatWait(wait)}.`
        : `Creation is on cooldown. You can create your next POG in ${formatWait(wait)}.`,
      retryAfterSeconds: Math.ceil(wait),
    };
  }
  return null;
}
