/**
 * Reading the leaderboards (docs/rules.md, Leaderboards). The standings are kept by triggers in the
 * transactions that change them (migrations/0013_ladder.sql); a page is the first rows of one
 * partial index (period, figure DESC, player), read with the viewer's own row in one statement;
 * a player's rank counts the rows before theirs in that index (near the top), or the rows between
 * theirs and a sampled place (rank-snapshots.ts), so neither grows with the number of players.
 */
import { sql, type SQL } from 'drizzle-orm';
import { avatarInitials } from '@pog/common/display';
import { LEADERBOARD_PAGE_SIZE, WIN_RATE_MIN_BATTLES, type Leaderboard, type LeaderboardBoard, type LeaderboardEntry, type LeaderboardQuery } from '@pog/common/leaderboards/api';
import type { Db } from '../db/client';
import { rawQuery, type RawStatement } from '../db/raw-query';
import type { CachedPage, LeaderboardPageCache } from './page-cache';
import { EXACT_RANKS, placesAhead, readSample, SAMPLE_CHUNK, SAMPLE_EVERY, type RankSnapshots, type RankStatements } from './rank-snapshots';
import { asUserId, type BattleId, type UserId } from '@pog/common/schemas/ids';

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

/** A player's latest completed battle, by its two indexes (battles_challenger_idx, battles_defender_idx), for the page's rows only. */
const LAST_BATTLE_COLUMN = `greatest((SELECT max(b.id) FROM battles b WHERE b.challenger_id = s.user_id AND b.status = 'completed'),
  (SELECT max(b.id) FROM battles b WHERE b.defender_id = s.user_id AND b.status = 'completed')) AS last_battle_id`;
const LAST_BATTLE = sql.raw(LAST_BATTLE_COLUMN);

/**
 * The viewer's own row on a board (their standing and player, as the page statement reads it), for
 * a read whose page is kept: a prepared statement per board (db/raw-query.ts), parsed and planned
 * once, since every signed-in read of a page but the first sends it. $1 the period, $2 the viewer.
 */
const OWN_ROW = Object.fromEntries(
  Object.entries(BOARDS).map(([board, { figure, on }]): [string, RawStatement] => [
    board,
    {
      name: `leaderboard_own_row_${board}`,
      text: `SELECT s.user_id, u.username, u.avatar_color, s.figure, s.wins, s.battles, true AS mine, ${LAST_BATTLE_COLUMN}
        FROM (SELECT s.user_id, ${figure('s')} AS figure, s.wins, s.battles FROM player_standings s WHERE s.period = $1::date AND s.listed AND ${on('s')} AND s.user_id = $2) AS s
        JOIN users u ON u.id = s.user_id`,
    },
  ]),
) as Record<LeaderboardBoard, RawStatement>;

interface StandingRow {
  user_id: UserId;
  username: string;
  avatar_color: string;
  figure: number | string;
  wins: number;
  battles: number;
  last_battle_id: BattleId | null;
  /** The viewer's own row, read with the page. */
  mine: boolean;
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
    lastBattleId: row.last_battle_id,
  };
}

/** The statements behind one leaderboard read. */
function statements(query: LeaderboardQuery, now: Date, viewerId: UserId | undefined) {
  const board = BOARDS[query.board];
  const figure = sql.raw(board.figure('s'));
  const weekStart = query.period === 'week' ? utcWeekStart(now) : null;
  const period = weekStart ?? ALL_TIME_PERIOD;
  const listed = sql`s.period = ${period}::date AND s.listed AND ${sql.raw(board.on('s'))}`;
  const offset = (query.page - 1) * LEADERBOARD_PAGE_SIZE;
  const standing = sql`s.user_id, ${figure} AS figure, s.wins, s.battles`;
  // The page's standings first (index only), then their players: skipped rows are never joined.
  // The viewer's own standing comes in the same statement (a primary key lookup).
  const own = (me: number) => sql`SELECT ${standing}, true AS mine FROM player_standings s WHERE ${listed} AND s.user_id = ${me}`;
  const withPlayers = (standings: SQL) => sql`
    SELECT s.user_id, u.username, u.avatar_color, s.figure, s.wins, s.battles, s.mine, ${LAST_BATTLE} FROM (${standings}) AS s JOIN users u ON u.id = s.user_id`;
  const mine = viewerId === undefined ? sql`` : sql`UNION ALL ${own(viewerId)}`;
  const page = sql`${withPlayers(sql`
      (SELECT ${standing}, false AS mine FROM player_standings s WHERE ${listed} ORDER BY ${figure} DESC, s.user_id LIMIT ${LEADERBOARD_PAGE_SIZE + 1} OFFSET ${offset})
      ${mine}`)}
    ORDER BY s.mine, s.figure DESC, s.user_id`;
  const count = (rows: SQL) => sql`SELECT count(*)::int AS n FROM (${rows}) AS counted`;
  /** The viewer's rank statements, once their figure is known. */
  const rank = (value: number, me: number): RankStatements => ({
    // Ahead: a higher figure, or the same and an older account. (In the index's order, so that the
    // planner reads the index from its start rather than the table until it has `limit` rows.)
    countAhead: (limit) =>
      count(sql`SELECT 1 FROM player_standings s WHERE ${listed} AND ${figure} >= ${value} AND (${figure} > ${value} OR s.user_id < ${me}) ORDER BY ${figure} DESC, s.user_id LIMIT ${limit}`),
    // After (from, fromUser) and ahead of the viewer: each part one range of the board's index.
    countBetween: (from, fromUser) => {
      const ties = (at: number, after: number, before: number) => sql`SELECT 1 FROM player_standings s WHERE ${listed} AND ${figure} = ${at} AND s.user_id > ${after} AND s.user_id < ${before}`;
      if (from === value) return count(ties(value, fromUser, me));
      return count(sql`${ties(from, fromUser, 2 ** 31 - 1)} UNION ALL SELECT 1 FROM player_standings s WHERE ${listed} AND ${figure} < ${from} AND ${figure} > ${value} UNION ALL ${ties(value, 0, me)}`);
    },
    sample: (after) => {
      const from = after ? sql`AND ${figure} <= ${after.figure} AND (${figure} < ${after.figure} OR s.user_id > ${after.userId})` : sql``;
      return sql`SELECT figure, user_id, place, n FROM (
          SELECT figure, user_id, row_number() OVER (ORDER BY figure DESC, user_id) - 1 AS place, count(*) OVER () AS n FROM (
            SELECT ${figure} AS figure, s.user_id FROM player_standings s WHERE ${listed} ${from} ORDER BY ${figure} DESC, s.user_id LIMIT ${SAMPLE_CHUNK}
          ) AS chunk
        ) AS numbered WHERE place % ${SAMPLE_EVERY} = 0 OR place = n - 1 ORDER BY place`;
    },
  });
  const lastPlayer = sql`SELECT s.user_id FROM player_standings s WHERE ${listed} ORDER BY ${figure}, s.user_id DESC LIMIT 1`;
  return { weekStart, period, key: `${query.board}:${period}`, offset, page, rank, lastPlayer };
}

/**
 * The statements readLeaderboard runs for the player ranked last on the board (the deepest own
 * rank), for EXPLAIN: the page with their row, the exact count (which stops at
 * EXACT_RANKS), the board's sample, and the live count from the last sampled entry ahead of them.
 */
export async function leaderboardStatements(db: Db, query: LeaderboardQuery, now: Date): Promise<{ viewerId: UserId; statements: Record<string, SQL> }> {
  const viewerId = rowsOf<{ user_id: UserId }>(await db.execute(statements(query, now, undefined).lastPlayer))[0]!.user_id;
  const s = statements(query, now, viewerId);
  const mine = rowsOf<StandingRow>(await db.execute(s.page)).find((row) => row.mine)!;
  const value = Number(mine.figure);
  const rank = s.rank(value, viewerId);
  const sample = await readSample(db, rank);
  const ahead = placesAhead(sample, value, viewerId) - 1;
  return {
    viewerId,
    statements: {
      'page + own row': s.page,
      [`count ahead (up to ${EXACT_RANKS})`]: rank.countAhead(EXACT_RANKS),
      ...(ahead >= 0 ? { 'count from the sample': rank.countBetween(sample.figures[ahead]!, asUserId(sample.userIds[ahead]!)) } : {}),
      'sample (first chunk)': rank.sample(),
    },
  };
}

/** The page's entries out of the page statement's rows (the viewer's own row apart). */
function pageOf(rows: StandingRow[], offset: number): CachedPage {
  const standings = rows.filter((row) => !row.mine);
  return { entries: standings.slice(0, LEADERBOARD_PAGE_SIZE).map((row, i) => toEntry(row, offset + i + 1)), hasMore: standings.length > LEADERBOARD_PAGE_SIZE };
}

/**
 * One page of a board, and the viewer's own place on it wherever they are. With `pages`, the page
 * comes from there when kept or being read (the viewer's row is then read alone); otherwise it is
 * read with the viewer's row in one statement, and kept.
 */
export async function readLeaderboard(db: Db, query: LeaderboardQuery, viewerId: UserId | undefined, now: Date, snapshots: RankSnapshots, pages?: LeaderboardPageCache): Promise<Leaderboard> {
  const s = statements(query, now, viewerId);
  const pageKey = `${s.key}:${query.page}`;
  const visitors = viewerId === undefined ? s : statements(query, now, undefined);
  const held = pages?.held(pageKey, async () => pageOf(rowsOf<StandingRow>(await db.execute(visitors.page)), s.offset));
  let page: CachedPage;
  let mine: StandingRow | undefined;
  if (held) {
    page = await held;
    if (viewerId !== undefined && !page.entries.some((e) => e.userId === viewerId)) [mine] = await rawQuery<StandingRow>(db, OWN_ROW[query.board], [s.period, viewerId]);
  } else {
    const read = (async () => {
      const rows = rowsOf<StandingRow>(await db.execute(s.page));
      mine = rows.find((row) => row.mine);
      return pageOf(rows, s.offset);
    })();
    page = await (pages ? pages.share(pageKey, read) : read);
  }
  let me = page.entries.find((e) => e.userId === viewerId) ?? null;
  if (!me && mine && viewerId !== undefined) {
    const value = Number(mine.figure);
    me = toEntry(mine, await snapshots.rank(db, s.key, s.rank(value, viewerId), value, viewerId));
  }
  return { board: query.board, period: query.period, page: query.page, pageSize: LEADERBOARD_PAGE_SIZE, hasMore: page.hasMore, weekStart: s.weekStart, entries: page.entries, me };
}
