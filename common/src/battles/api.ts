/** The battle contract (product spec: entities, states and calls): requests, the battle as returned, statuses. */
import { z } from 'zod';
import { BATTLE_TYPES, RARITIES } from '../constants';
import { pogSchema } from '../pogs/pog';
import { partySchema, type Party } from '../schemas/auth';
import { battleIdField, pogIdField, pogIdSchema, userIdField, userIdSchema } from '../schemas/ids';
import { battleRoundSchema, battleSideSchema, clientSeedSchema, rollVersionSchema } from './schemas';

/** `expired` is ours: a pending battle nobody answered within a day (decisions.md, Battles). */
export const BATTLE_STATUSES = ['pending', 'accepted', 'completed', 'declined', 'cancelled', 'expired'] as const;
export type BattleStatus = (typeof BATTLE_STATUSES)[number];

/** Still waiting for someone: listed under "My Battles", and the POGs in them are committed. */
export const OPEN_BATTLE_STATUSES = ['pending', 'accepted'] as const satisfies readonly BattleStatus[];
/** Finished one way or another: listed under "Battle History". */
export const CLOSED_BATTLE_STATUSES = ['completed', 'declined', 'cancelled', 'expired'] as const satisfies readonly BattleStatus[];

/** POST /api/battles */
export const createBattleRequestSchema = z.object({
  challengerId: userIdSchema('challengerId'),
  defenderId: userIdSchema('defenderId'),
  challengerPogId: pogIdSchema('challengerPogId'),
  battleType: z.enum(BATTLE_TYPES, { error: 'battleType must be standard, championship or flip' }).default('standard'),
  /** The challenger's own seed for the rolls (the web app proposes a random one); the server draws one when absent. */
  challengerSeed: clientSeedSchema.optional(),
});
export type CreateBattleRequest = z.infer<typeof createBattleRequestSchema>;

/** POST /api/battles/:id/accept */
export const acceptBattleRequestSchema = z.object({
  defenderPogId: pogIdSchema('defenderPogId'),
  /** The defender's own seed for the rolls (the web app proposes a random one); the server draws one when absent. */
  defenderSeed: clientSeedSchema.optional(),
});
export type AcceptBattleRequest = z.infer<typeof acceptBattleRequestSchema>;


export const battlePartySchema = partySchema;
export type BattleParty = Party;

/**
 * A battle as the API and the socket events show it. `seed` (the server's) stays null until the
 * battle is completed; `seedHash` is its commitment, published from creation. The players' seeds are
 * shown as soon as each is given: the challenger's from creation, the defender's from acceptance.
 * `rollVersion` names the rule the rolls follow (battles/rolls.ts): 1 for battles made before
 * players contributed seeds (both seeds null), 2 since.
 */
export const battleSchema = z.object({
  id: battleIdField(),
  status: z.enum(BATTLE_STATUSES),
  battleType: z.enum(BATTLE_TYPES),
  challengerId: userIdField(),
  defenderId: userIdField(),
  challengerPogId: pogIdField().nullable(),
  defenderPogId: pogIdField().nullable(),
  challenger: battlePartySchema,
  defender: battlePartySchema,
  /** The POGs as they are now (after a completed battle, the loser's belongs to the winner). */
  challengerPog: pogSchema.nullable(),
  defenderPog: pogSchema.nullable(),
  /** Rarities when the battle was accepted: the bonuses come from these. */
  challengerRarity: z.enum(RARITIES).nullable(),
  defenderRarity: z.enum(RARITIES).nullable(),
  challengerRoll: z.number().int().nullable(),
  defenderRoll: z.number().int().nullable(),
  winnerId: userIdField().nullable(),
  rounds: z.array(battleRoundSchema).nullable(),
  seedHash: z.string(),
  seed: z.string().nullable(),
  rollVersion: rollVersionSchema,
  challengerSeed: z.string().nullable(),
  defenderSeed: z.string().nullable(),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  expiresAt: z.string(),
  timeAgo: z.string(),
});
export type Battle = z.infer<typeof battleSchema>;

/**
 * GET /api/battles/:id/reveal: what anyone needs to recompute a completed battle by hand, public
 * (no session) like a POG's page: the server's seed and its commitment, both players' seeds, the
 * rule, the rarities fixed at acceptance, and the rounds, totals and winner the server recorded.
 */
export const battleRevealSchema = z.object({
  id: battleIdField(),
  battleType: z.enum(BATTLE_TYPES),
  rollVersion: rollVersionSchema,
  seedHash: z.string(),
  seed: z.string(),
  challengerSeed: z.string().nullable(),
  defenderSeed: z.string().nullable(),
  challenger: z.object({ id: userIdField(), username: z.string() }),
  defender: z.object({ id: userIdField(), username: z.string() }),
  challengerRarity: z.enum(RARITIES),
  defenderRarity: z.enum(RARITIES),
  rounds: z.array(battleRoundSchema),
  challengerRoll: z.number().int(),
  defenderRoll: z.number().int(),
  winner: battleSideSchema,
  completedAt: z.string(),
});
export type BattleReveal = z.infer<typeof battleRevealSchema>;
