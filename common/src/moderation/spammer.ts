/**
 * Delete spammer: one admin action that bans an account, removes every POG it holds and ends its
 * open trades and battles (docs/rules.md, Moderation). The preview tells the admin what it will do
 * before they confirm; the action answers what it did.
 */
import { z } from 'zod';
import { adminUserSchema, REASON_MAX } from './schemas';

export const SPAMMER_REASON_REQUIRED = 'Please give a reason for deleting this spammer';

/** POST /api/admin/users/:id/delete-spammer: the reason is required (the ban's reason and the audit line's notes). */
export const deleteSpammerRequestSchema = z.object({
  reason: z
    .string({ error: SPAMMER_REASON_REQUIRED })
    .trim()
    .min(1, SPAMMER_REASON_REQUIRED)
    .max(REASON_MAX, `The reason must be at most ${REASON_MAX} characters`),
});
export type DeleteSpammerRequest = z.infer<typeof deleteSpammerRequestSchema>;

const count = z.number().int().min(0);

/** What deleting the account would touch now. */
export const spammerFootprintSchema = z.object({
  /** POGs the account holds, whoever designed them: all are removed. */
  pogs: count,
  /** Pending trade offers it sent or received: all end. */
  offers: count,
  /** Pending challenges and accepted battles it is part of: all end, nothing moves. */
  battles: count,
  /** POGs it designed that other players hold now: they stay with those players. */
  designedHeldByOthers: count,
});
export type SpammerFootprint = z.infer<typeof spammerFootprintSchema>;

/**
 * GET /api/admin/users/:id/delete-spammer: the player, what deleting them would touch, and why it
 * cannot be done when it cannot (an admin account, the admin's own account, nothing left to delete).
 */
export const spammerPreviewSchema = z.object({
  user: adminUserSchema,
  footprint: spammerFootprintSchema,
  refusal: z.string().nullable(),
});
export type SpammerPreview = z.infer<typeof spammerPreviewSchema>;

/** What the action did: the banned player and what it removed and ended. */
export const deleteSpammerResultSchema = z.object({
  user: adminUserSchema,
  removedPogs: count,
  endedOffers: count,
  endedBattles: count,
});
export type DeleteSpammerResult = z.infer<typeof deleteSpammerResultSchema>;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 POGs removed, 1 trade offer and 2 battles ended": the audit line's and the toast's summary. */
export function spammerSummary(result: Pick<DeleteSpammerResult, 'removedPogs' | 'endedOffers' | 'endedBattles'>): string {
  return `${plural(result.removedPogs, 'POG', 'POGs')} removed, ${plural(result.endedOffers, 'trade offer', 'trade offers')} and ${plural(result.endedBattles, 'battle', 'battles')} ended`;
}
