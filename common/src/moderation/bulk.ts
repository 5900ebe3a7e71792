/**
 * POST /api/admin/pogs/bulk: one decision on many POGs at once, all or nothing. The admin panel's
 * selection bar sends it; the server applies the same rules as the one-POG actions to each.
 */
import { z } from 'zod';
import { pogSchema } from '../pogs/pog';
import { pogIdSchema, type PogId } from '../schemas/ids';

/** The most POGs one bulk action may name. */
export const BULK_MODERATION_MAX = 100;

export const BULK_POG_ACTIONS = ['approve', 'reject', 'delete'] as const;
export type BulkPogAction = (typeof BULK_POG_ACTIONS)[number];

const NOTES_MAX = 1000;

/** The ids named more than once, each once, in the order first repeated. */
export function repeatedIds(ids: readonly number[]): number[] {
  const seen = new Set<number>();
  const repeated = new Set<number>();
  for (const id of ids) (seen.has(id) ? repeated : seen).add(id);
  return [...repeated];
}

/** "#3, #7": how the messages name POGs. */
export const idList = (ids: readonly number[]): string => ids.map((id) => `#${id}`).join(', ');

export const bulkModeratePogsRequestSchema = z.object({
  action: z.enum(BULK_POG_ACTIONS, { error: 'action must be approve, reject or delete' }),
  ids: z
    .array(pogIdSchema('Each POG id'), { error: 'ids must be a list of POG ids' })
    .min(1, 'Select at least one POG')
    .max(BULK_MODERATION_MAX, `At most ${BULK_MODERATION_MAX} POGs can be moderated at once`)
    .superRefine((ids, ctx) => {
      const repeated = repeatedIds(ids);
      if (repeated.length > 0) ctx.addIssue({ code: 'custom', message: `Each POG may be named once; repeated: ${idList(repeated)}` });
    }),
  /** The moderator's notes: with approve and reject as on one POG; with delete, kept in the audit log. */
  notes: z
    .string({ error: 'Moderation notes must be text' })
    .trim()
    .max(NOTES_MAX, `Moderation notes must be at most ${NOTES_MAX} characters`)
    .nullish()
    .transform((notes) => notes || null),
});
export type BulkModeratePogsRequest = z.infer<typeof bulkModeratePogsRequestSchema>;

/**
 * The answer: each POG as it is now (approve, reject) or as it was (delete), in id order; the same
 * snapshots the `moderation:queue` events carry.
 */
export const bulkModeratePogsResponseSchema = z.object({
  action: z.enum(BULK_POG_ACTIONS),
  pogs: z.array(pogSchema),
});
export type BulkModeratePogsResponse = z.infer<typeof bulkModeratePogsResponseSchema>;

/** What a refused batch's 404 or 409 carries besides its message: the POGs that stopped it. */
export interface BulkRefusalDetails {
  ids: PogId[];
}
