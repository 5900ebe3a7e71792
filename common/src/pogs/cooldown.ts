/**
 * A POG's trade cooldown in words. Kept apart from the zod schemas in pog.ts, so a page that only
 * shows POGs does not load zod.
 */
/** Hours left on a cooldown, fractional; 0 when it is over. */
export function cooldownHoursLeft(cooldownUntil: Date | string | null, now: Date): number {
  if (!cooldownUntil) return 0;
  const ms = new Date(cooldownUntil).getTime() - now.getTime();
  return ms > 0 ? ms / 3_600_000 : 0;
}

/** The trade button's title: hours, or minutes when under an hour. */
export function cooldownTitle(hours: number): string {
  if (hours >= 1) return `This POG is on cooldown for ${Math.ceil(hours)} more hours`;
  const minutes = Math.max(1, Math.ceil(hours * 60));
  return `This POG is on cooldown for ${minutes} more minute${minutes === 1 ? '' : 's'}`;
}
