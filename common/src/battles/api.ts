/** The battle contract (spec sections 3, 4, 7; issue 5 §1): requests, the battle as returned, statuses. */
import { z } from 'zod';
import { BATTLE_TYPES, type BattleType, type Rarity } from '../constants';
import type { Pog } from '../pogs/pog';
import { idSchema as id } from '../schemas/ids';
import type { BattleRound } from './schemas';

/** `expired` is ours: a pending battle nobody answered within a day (decisions.md, Battles). */
export const BATTLE_STATUSES = ['pending', 'accepted', 'completed', 'declined', 'cancelled', 'expired'] as const;
export type BattleStatus = (typeof BATTLE_STATUSES)[number];

/** Still waiting for someone: listed under "My Battles", and the POGs in them are committed. */
export const OPEN_BATTLE_STATUSES = ['pending', 'accepted'] as const satisfies readonly BattleStatus[];
/** Finished one way or another: listed under "Battle History". */
export const CLOSED_BATTLE_STATUSES = ['completed', 'declined', 'cancelled', 'expired'] as const satisfies readonly BattleStatus[];

/** POST /api/battles */
export const createBattleRequestSchema = z.object({
  challengerId: id('challengerId'),
  defenderId: id('defenderId'),
  challengerPogId: id('challengerPogId'),
  battleType: z.enum(BATTLE_TYPES, { error: 'battleType must be standard, championship or flip' }).default('standard'),
});
export type CreateBattleRequest = z.infer<typeof createBattleRequestSchema>;

/** POST /api/battles/:id/accept */
export const acceptBattleRequestSchema = z.object({ defenderPogId: id('defenderPogId') });
export type AcceptBattleRequest = z.infer<typeof acceptBattleRequestSchema>;


export type BattleParty = {
  id: number;
  username: string;
  avatarColor: string;
  avatarInitials: string;
};

/**
 * A battle as the API and the socket events show it. A type (not an interface) so that it is a
 * plain record for the event map. `seed` stays null until the battle is completed; `seedHash` is
 * its commitment, published from creation.
 */
export type Battle = {
  id: number;
  status: BattleStatus;
  battleType: BattleType;
  challengerId: number;
  defenderId: number;
  challengerPogId: number | null;
  defenderPogId: number | null;
  challenger: BattleParty;
  defender: BattleParty;
  /** The POGs as they are now (after a completed battle, the loser's belongs to the winner). */
  challengerPog: Pog | null;
  defenderPog: Pog | null;
  /** Rarities when the battle was accepted: the bonuses come from these. */
  challengerRarity: Rarity | null;
  defenderRarity: Rarity | null;
  challengerRoll: number | null;
  defenderRoll: number | null;
  winnerId: number | null;
  rounds: BattleRound[] | null;
  seedHash: string;
  seed: string | null;
  createdAt: string;
  acceptedAt: string | null;
  completedAt: string | null;
  expiresAt: string;
  timeAgo: string;
};
