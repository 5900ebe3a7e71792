/**
 * A POG's page (GET /api/pogs/:id/provenance, /pog/:id): the POG and its history, oldest first.
 * Each entry was written in the transaction of the event it tells (docs/rules.md, Provenance), with
 * the names as they were then.
 */
import { z } from 'zod';
import { BATTLE_TYPES } from '../constants';
import { pogSchema } from '../pogs/pog';
import { battleIdField, pogIdField, tradeIdField, userIdField } from '../schemas/ids';

const playerRefSchema = z.object({ id: userIdField(), username: z.string() });
const pogRefSchema = z.object({ id: pogIdField(), name: z.string() });
export type PlayerRef = z.infer<typeof playerRefSchema>;
export type PogRef = z.infer<typeof pogRefSchema>;

export const MODERATION_CAUSES = ['words', 'image', 'report', 'moderator'] as const;
export type ModerationCause = (typeof MODERATION_CAUSES)[number];

/** What a history row's `details` hold, by kind. */
export const historyDetailsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('created'), creator: playerRefSchema, name: z.string() }),
  /** It went from `from` to `to`, who gave `forPog` for it. */
  z.object({ kind: z.literal('traded'), from: playerRefSchema, to: playerRefSchema, forPog: pogRefSchema }),
  /** `holder` risked it against `opponent`'s `opponentPog`; the loser's POG went to the winner. */
  z.object({
    kind: z.literal('battled'),
    battleType: z.enum(BATTLE_TYPES),
    holder: playerRefSchema,
    opponent: playerRefSchema,
    opponentPog: pogRefSchema.nullable(),
    holderRoll: z.number().int(),
    opponentRoll: z.number().int(),
    won: z.boolean(),
  }),
  /** A moderation its owner was told of: flagged (by the word list, a look-alike image or a report), approved or rejected. */
  z.object({ kind: z.literal('moderated'), action: z.enum(['flagged', 'approved', 'rejected']), cause: z.enum(MODERATION_CAUSES), owner: playerRefSchema }),
]);
export type HistoryDetails = z.infer<typeof historyDetailsSchema>;
export type HistoryKind = HistoryDetails['kind'];

export const historyEntrySchema = z.intersection(
  z.object({ id: z.number().int(), at: z.string(), tradeId: tradeIdField().nullable(), battleId: battleIdField().nullable() }),
  historyDetailsSchema,
);
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const pogProvenanceSchema = z.object({
  pog: pogSchema,
  /** Oldest first. */
  history: z.array(historyEntrySchema),
  /** Completed trades it took part in, of its supply (`pog.maxTrades`). */
  tradesUsed: z.number().int(),
  /** True when its creation is not in the history (made before history was recorded). */
  earlierHistoryMissing: z.boolean(),
});
export type PogProvenance = z.infer<typeof pogProvenanceSchema>;
