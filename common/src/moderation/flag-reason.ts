/**
 * Why a POG was flagged for review, stored with the flag in the same unit of work: a word of the
 * blocklist in its name or text, an image that repeats another player's POG (named by id, so the
 * admin can open it at /pog/:id), or a player's report.
 */
import { z } from 'zod';
import { pogIdField } from '../schemas/ids';

export const FLAG_CAUSES = ['words', 'image', 'report'] as const;
export type FlagCause = (typeof FLAG_CAUSES)[number];

export const flagReasonSchema = z.object({
  cause: z.enum(FLAG_CAUSES),
  /** The blocked word, in the blocklist's own spelling (cause `words`). */
  word: z.string().nullable(),
  /** The POG whose image this one repeats (cause `image`); it may have been deleted since. */
  repeatsPogId: pogIdField().nullable(),
});
export type FlagReason = z.infer<typeof flagReasonSchema>;
