/**
 * What the Creator Studio tells a player before they press Save (docs/rules.md, Creator Studio):
 * creations left today, collection slots used, and the creation cooldown counting down. Read from
 * the player's stats (the server's own numbers, achievement rewards included); the server still
 * decides, and refuses with the catalogue's codes.
 */
import type { UserStats } from '@pog/common';

export interface CreationAllowance {
  creationsLeft: number;
  dailyLimit: number;
  slotsUsed: number;
  slotsTotal: number;
  /** When (this browser's clock, ms) the creation cooldown ends; null when none runs. */
  cooldownEndsAt: number | null;
}

/** `fetchedAt`: when the stats were read (the server's seconds count from then, whatever the clocks say). */
export function allowanceFrom(stats: UserStats, fetchedAt: number): CreationAllowance {
  return {
    creationsLeft: Math.max(0, stats.dailyCreationLimit - stats.dailyCreationCount),
    dailyLimit: stats.dailyCreationLimit,
    slotsUsed: stats.pogCount,
    slotsTotal: stats.collectionLimit,
    cooldownEndsAt: stats.creationCooldownSeconds > 0 ? fetchedAt + stats.creationCooldownSeconds * 1000 : null,
  };
}

/** Whole seconds of cooldown left at `now`; 0 when none. */
export function cooldownSecondsLeft(allowance: Pick<CreationAllowance, 'cooldownEndsAt'>, now: number): number {
  if (allowance.cooldownEndsAt === null) return 0;
  return Math.max(0, Math.ceil((allowance.cooldownEndsAt - now) / 1000));
}

export const ALLOWANCE_TEXT = {
  creationsLeft: (left: number, limit: number) => `Creations left today: ${left} of ${limit}`,
  slotsUsed: (used: number, total: number) => `Collection slots used: ${used} of ${total}`,
  saveLabel: 'Save Pog',
  /** The Save button while the cooldown runs, e.g. "Save Pog (42s)". */
  saveCountdown: (seconds: number) => `Save Pog (${seconds}s)`,
  cooldown: (seconds: number) => `Creation cooldown: you can save again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  collectionFull: 'Your collection is full: burn (delete) a POG to make room for a new one.',
  noneLeftToday: 'No creations left today: you can create again after 00:00 UTC.',
} as const;
