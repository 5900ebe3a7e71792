/** The weekly arena's contract (docs/rules.md, Arena). */
import { z } from 'zod';
import { battleIdField, userIdField } from '../schemas/ids';

export const ARENA_PAGE_SIZE = 25;
export const ARENA_MAX_PAGE = 40;

/** GET /api/arena */
export const arenaQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be 1 or more').max(ARENA_MAX_PAGE, `page must be ${ARENA_MAX_PAGE} or less`).default(1),
});
export type ArenaQuery = z.infer<typeof arenaQuerySchema>;

export const arenaEntrySchema = z.object({
  rank: z.number().int(),
  userId: userIdField(),
  username: z.string(),
  avatarColor: z.string(),
  avatarInitials: z.string(),
  points: z.number().int(),
  /** Battles and wins that scored (within the per-pair daily cap). */
  wins: z.number().int(),
  battles: z.number().int(),
  /** Consecutive scoring wins now. */
  streak: z.number().int(),
  /** The player's latest battle that scored this week, whose public page the board links to. */
  lastBattleId: battleIdField().nullable(),
});
export type ArenaEntry = z.infer<typeof arenaEntrySchema>;

export const arenaBoardSchema = z.object({
  /** Monday 00:00 UTC of this arena's week (YYYY-MM-DD). */
  weekStart: z.string(),
  /** When it ends: the next Monday 00:00 UTC. */
  endsAt: z.string(),
  /** Seconds left when this was read (the server's clock). */
  secondsLeft: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
  entries: z.array(arenaEntrySchema),
  /** The signed-in player's own place and points; null when signed out or without points this week. */
  me: arenaEntrySchema.nullable(),
  /** Last week's top 3. */
  lastWeek: z.object({ weekStart: z.string(), winners: z.array(arenaEntrySchema) }),
});
export type ArenaBoard = z.infer<typeof arenaBoardSchema>;

export const arenaBadgeSchema = z.object({
  /** The arena week's Monday (YYYY-MM-DD). */
  weekStart: z.string(),
  place: z.number().int(),
});
export type ArenaBadge = z.infer<typeof arenaBadgeSchema>;

/** GET /api/arena/badges/:id: a player's 'Arena winner' badges, newest week first. */
export const arenaBadgesSchema = z.object({ badges: z.array(arenaBadgeSchema) });
export type ArenaBadges = z.infer<typeof arenaBadgesSchema>;

/** The badge's words. */
export const arenaBadgeText = (badge: ArenaBadge) => `Arena winner, week of ${badge.weekStart}`;
