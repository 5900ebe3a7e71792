import { z } from 'zod';
import { BATTLE_ROLL, BATTLE_TYPES, RARITIES } from '../constants';

/** The two parties of a battle, in the order their rolls are drawn and listed. */
export const BATTLE_SIDES = ['challenger', 'defender'] as const;
export type BattleSide = (typeof BATTLE_SIDES)[number];

/** 64 lower-case hex characters: the 32 seed bytes, or a SHA-256 digest of them. */
const HEX_32_BYTES = /^[0-9a-f]{64}$/;

export const battleSideSchema = z.enum(BATTLE_SIDES);

export const battleSeedSchema = z
  .string()
  .regex(HEX_32_BYTES, 'The seed must be 64 lower-case hexadecimal characters (32 bytes).');

export const battleSeedHashSchema = z
  .string()
  .regex(HEX_32_BYTES, 'The seed hash must be 64 lower-case hexadecimal characters (a SHA-256 digest).');

/**
 * A player's own seed, mixed into the rolls: 1 to 64 letters, digits, '-' or '_'. Never ':', which
 * separates the parts of the HMAC message, so every message reads one way only.
 */
export const CLIENT_SEED_MAX_LENGTH = 64;
export const CLIENT_SEED_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const CLIENT_SEED_RULE = 'A seed is 1 to 64 letters, digits, "-" or "_".';
export const clientSeedSchema = z.string({ error: CLIENT_SEED_RULE }).regex(CLIENT_SEED_PATTERN, CLIENT_SEED_RULE);

/**
 * Which published rule a battle's rolls follow: 1, the server's seed alone (battles created before
 * players contributed seeds); 2, the server's seed and both players' seeds.
 */
export const ROLL_VERSIONS = [1, 2] as const;
export type RollVersion = (typeof ROLL_VERSIONS)[number];
export const rollVersionSchema = z.union([z.literal(1), z.literal(2)]);

const baseRollSchema = z.number().int().min(BATTLE_ROLL.min).max(BATTLE_ROLL.max);
const bonusSchema = z.number().int().min(0);

/** One round as played, ties included: the replay of a tie is the next round number. */
export const battleRoundSchema = z.object({
  round: z.number().int().min(1),
  challengerBase: baseRollSchema,
  challengerBonus: bonusSchema,
  defenderBase: baseRollSchema,
  defenderBonus: bonusSchema,
});
export type BattleRound = z.infer<typeof battleRoundSchema>;

/** Everything the rolls decide; `challengerRoll` and `defenderRoll` are the deciding round's totals. */
export const battleResolutionSchema = z.object({
  rounds: z.array(battleRoundSchema).min(1),
  challengerRoll: z.number().int(),
  defenderRoll: z.number().int(),
  winner: battleSideSchema,
});
export type BattleResolution = z.infer<typeof battleResolutionSchema>;

/** What a battle's rolls are derived from; the rarities are those of the POGs when the battle was accepted. */
export const battleRollInputSchema = z.object({
  seed: battleSeedSchema,
  battleId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  battleType: z.enum(BATTLE_TYPES),
  challengerRarity: z.enum(RARITIES),
  defenderRarity: z.enum(RARITIES),
  /** Absent: 1. Rule 2 needs both players' seeds, rule 1 none. */
  rollVersion: rollVersionSchema.optional(),
  challengerSeed: clientSeedSchema.nullish(),
  defenderSeed: clientSeedSchema.nullish(),
});
export type BattleRollInput = z.infer<typeof battleRollInputSchema>;

/** A completed battle as published: the revealed seed, its commitment, and the claimed outcome. */
export const battleVerifyInputSchema = battleRollInputSchema
  .extend({ seedHash: battleSeedHashSchema })
  .extend(battleResolutionSchema.shape);
export type BattleVerifyInput = z.infer<typeof battleVerifyInputSchema>;

export const battleVerifyResultSchema = z.object({
  ok: z.boolean(),
  /** Human-readable reasons the published battle does not check out; empty when `ok`. */
  problems: z.array(z.string()),
});
export type BattleVerifyResult = z.infer<typeof battleVerifyResultSchema>;
