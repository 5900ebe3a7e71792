/**
 * Reading the leaderboards (docs/rules.md, Leaderboards). The standings are kept by triggers in the
 * transactions that change them (migrations/0013_ladder.sql); a page is the first rows of one
 * partial index (period, figure DESC, player), and a player's rank counts the rows before theirs
 * in that index, so neither grows with the number of POGs.
 */
import { sql } from 'drizzle-orm';
import { avatarInitials } from '../../display';
import { LEADERBOARD_PAGE_SIZE, WIN_RATE_MIN_BATTLES, type Leaderboard, type LeaderboardBoard, type LeaderboardEntry, type LeaderboardQuery } from '../../leaderboards/api';
import type { Db } from '../db/client';
import type { RankSnapshots } from './rank-snapshots';

/** The period of the all-time rows. */
export const ALL_TIME_PERIOD = '-infinity';

/** Monday 00:00 UTC of the week `at` falls in, as YYYY-MM-DD (the database's pog_week()). */
export function utcWeekStart(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/** Each board's figure and who is on it, for a table alias, written exactly as its index is (so the planner uses it). */
const BOARDS: Record<LeaderboardBoard, { figure: (t: string) => string; on: (t: string) => string }> = {
  value: { figure: (t) => `${t}.collection_value`, on: (t) => `${t}.collection_value > 0` },
  wins: { figure: (t) => `${t}.wins`, on: (t) => `${t}.wins > 0` },
  winRate: { figure: (t) => `(${t}.wins::float8 / ${t}.battles)`, on: (t) => `${t}.battles >= ${WIN_RATE_MIN_BATTLES}` },
  trades: { figure: (t) => `${t}.trades`, on: (t) => `${t}.trades > 0` },
  designers: { figure: (t) => `${t}.design_points`, on: (t) => `${t}.design_points > 0` },
};

interface StandingRow {
  user_id: number;
  username: string;
  display_name: string;
  avatar_color: string;
  figure: number | string;
  wins: number;
  battles: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

function toEntry(row: StandingRow, rank: number): LeaderboardEntry {
  return {
    rank,
    userId: row.user_id,
    username: row.username,
    avatarColor: row.avatar_color,
    avatarInitials: avatarInitials(row.username),
    value: Number(row.figure),
    wins: row.wins,
    battles: row.battles,
  };
}

export async function readLeaderboard(db: Db, query: LeaderboardQuery, viewerId: number | undefined, now: Date, snapshots: RankSnapshots): Promise<Leaderboard> {
  const board = BOARDS[query.board];
  const figure = sql.raw(board.figure('s'));
  const weekStart = query.period === 'week' ? utcWeekStart(now) : null;
  const period = weekStart ?? ALL_TIME_PERIOD;
  const listed = sql`s.period = ${period}::date AND s.listed AND ${sql.raw(board.on('s'))}`;
  const columns = sql`s.user_id, u.username, u.display_name, u.avatar_color, s.figure, s.wins, s.battles`;
  const offset = (query.page - 1) * LEADERBOARD_PAGE_SIZE;
  // The page's standings first (index only), then their players: skipped rows are never joined.
  const page = rowsOf<StandingRow>(
    await db.execute(sql`
      SELECT ${columns} FROM (
        SELECT s.user_id, ${figure} AS figure, s.wins, s.battles FROM player_standings s
        WHERE ${listed} ORDER BY ${figure} DESC, s.user_id LIMIT ${LEADERBOARD_PAGE_SIZE + 1} OFFSET ${offset}
      ) AS s JOIN users u ON u.id = s.user_id
      ORDER BY s.figure DESC, s.user_id`),
  );
  const entries = page.slice(0, LEADERBOARD_PAGE_SIZE).map((row, i) => toEntry(row, offset + i + 1));
  let me = entries.find((e) => e.userId === viewerId) ?? null;
  if (!me && viewerId !== undefined) {
    const [mine] = rowsOf<StandingRow>(
      await db.execute(sql`
        SELECT ${columns} FROM (SELECT s.user_id, ${figure} AS figure, s.wins, s.battles FROM player_standings s WHERE ${listed} AND s.user_id = ${viewerId}) AS s
        JOIN users u ON u.id = s.user_id`),
    );
    if (mine) {
      // Ahead: a higher figure, or the same and an older account.
      const value = Number(mine.figure);
      const ahead = sql`SELECT 1 FROM player_standings s WHERE ${listed} AND ${figure} >= ${value} AND (${figure} > ${value} OR s.user_id < ${viewerId})`;
      const order = sql`SELECT ${figure} AS figure, s.user_id FROM player_standings s WHERE ${listed} ORDER BY ${figure} DESC, s.user_id`;
      me = toEntry(mine, await snapshots.rank(db, `${query.board}:${period}`, ahead, order, value, viewerId));
    }
  }
  return { board: query.board, period: query.period, page: query.page, pageSize: LEADERBOARD_PAGE_SIZE, hasMore: page.length > LEADERBOARD_PAGE_SIZE, weekStart, entries, me };
}
