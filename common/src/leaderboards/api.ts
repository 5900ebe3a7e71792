/** The leaderboard contract (docs/rules.md, Leaderboards). */
import { z } from 'zod';
import { battleIdField, userIdField } from '../schemas/ids';

/** value: points of the POGs held; wins and winRate: battles; trades: trades completed; designers: points of POGs created. */
export const LEADERBOARD_BOARDS = ['value', 'wins', 'winRate', 'trades', 'designers'] as const;
export type LeaderboardBoard = (typeof LEADERBOARD_BOARDS)[number];
/** all: all time; week: this UTC week (Monday 00:00 UTC on). */
export const LEADERBOARD_PERIODS = ['all', 'week'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

export const LEADERBOARD_PAGE_SIZE = 25;
/** Pages reachable by paging: the top 1,000. A player's own rank is given wherever they are. */
export const LEADERBOARD_MAX_PAGE = 40;
/** Battles a player needs (in the period) before their win rate is ranked. */
export const WIN_RATE_MIN_BATTLES = 5;

/** GET /api/leaderboard */
export const leaderboardQuerySchema = z.object({
  board: z.enum(LEADERBOARD_BOARDS, { error: `board must be one of ${LEADERBOARD_BOARDS.join(', ')}` }).default('value'),
  period: z.enum(LEADERBOARD_PERIODS, { error: 'period must be "all" or "week"' }).default('all'),
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be 1 or more').max(LEADERBOARD_MAX_PAGE, `page must be ${LEADERBOARD_MAX_PAGE} or less`).default(1),
});
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

export const leaderboardEntrySchema = z.object({
  rank: z.number().int(),
  userId: userIdField(),
  username: z.string(),
  avatarColor: z.string(),
  avatarInitials: z.string(),
  /** The figure the board ranks by: points, wins, a win rate from 0 to 1, or trades. */
  value: z.number(),
  wins: z.number().int(),
  battles: z.number().int(),
  /** The player's latest completed battle, whose public page the board links to; null before any. */
  lastBattleId: battleIdField().nullable(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardSchema = z.object({
  board: z.enum(LEADERBOARD_BOARDS),
  period: z.enum(LEADERBOARD_PERIODS),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
  /** Monday of this UTC week (YYYY-MM-DD), for the weekly boards; null for all time. */
  weekStart: z.string().nullable(),
  entries: z.array(leaderboardEntrySchema),
  /** The signed-in player's own place, even off this page; null when signed out or not on the board. */
  me: leaderboardEntrySchema.nullable(),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;
