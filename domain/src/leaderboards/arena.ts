/**
 * The weekly arena (docs/rules.md, Arena; migrations/0024_arena.sql). Scoring runs inside the battle
 * completion's unit of work (battles/resolve.ts), so a battle's points commit with the battle or not
 * at all; a battle already scored is skipped (the results' primary key), so a retry scores nothing twice.
 *
 * Concurrency: the standing rows of every player in the group are created if missing and locked, in
 * ascending player order, before anything else is read. Both players of a pair are among them, so two
 * completions touching a pair run one after the other, and each reads the pair's count and the
 * streaks as the other left them. Three statements: lock, read the streaks, the day's pair counts
 * and the battles scored already (a statement of its own: one that waited for a lock still reads as
 * of when it began), write the results and the standings.
 */
import { sql } from 'drizzle-orm';
import { avatarInitials } from '@pog/common/display';
import { ARENA_PAGE_SIZE, type ArenaBadges, type ArenaBoard, type ArenaEntry, type ArenaQuery } from '@pog/common/arena/api';
import { addArenaWeeks, ARENA_WINNER_PLACES, arenaPairKey, arenaWeekStart, scoreArenaBattles, type ArenaBattle } from '@pog/common/arena/rules';
import type { Db, Tx } from '../db/client';
import { rawQuery, type RawStatement } from '../db/raw-query';
import type { BattleId, UserId } from '@pog/common/schemas/ids';

/**
 * $1: week, $2: the players, ascending. Creates the missing standings and locks every one, in that
 * order: an ON CONFLICT DO UPDATE locks the conflicting row, as FOR UPDATE would, even when its
 * WHERE lets it update nothing (so no row gets a new version only to be locked).
 */
const LOCK_STANDINGS: RawStatement = {
  name: 'arena_lock_standings',
  text: `INSERT INTO arena_standings AS s (week, user_id) SELECT $1::date, u FROM unnest($2::int[]) AS u ORDER BY u
    ON CONFLICT (week, user_id) DO UPDATE SET streak = s.streak WHERE false`,
};
/**
 * $1: week, $2: day, $3: the players, $4: the battles. Rows of three kinds: each player's `streak`
 * (`n`), the players' counted results of the day by opponent (`pair`, `n` of them), and the battles
 * `scored` already (`battleId`).
 */
const READ_LOCKED: RawStatement = {
  name: 'arena_read_locked',
  text: `SELECT 'streak' AS kind, user_id AS "userId", NULL::int AS "opponentId", streak AS n, NULL::int AS "battleId"
      FROM arena_standings WHERE week = $1::date AND user_id = ANY($3::int[])
    UNION ALL SELECT 'pair', user_id, opponent_id, count(*)::int, NULL FROM arena_results
      WHERE user_id = ANY($3::int[]) AND day = $2::date AND counted GROUP BY user_id, opponent_id
    UNION ALL SELECT DISTINCT 'scored', NULL::int, NULL::int, NULL::int, battle_id FROM arena_results WHERE battle_id = ANY($4::int[])`,
};
/**
 * $1: the results, $2: week, $3: day, $4: [{ userId, points, wins, battles, streak }], $5: their
 * players' ids. Both tables in one statement: the standings are locked already, so it waits for
 * nothing. The ids again, as an array, let the one generic plan of a unit of work's statements
 * (outbox/transaction.ts) find the standings by key rather than read the whole week's.
 */
const WRITE_RESULTS: RawStatement = {
  name: 'arena_write_results',
  text: `WITH results AS (INSERT INTO arena_results (battle_id, user_id, opponent_id, week, day, won, counted, points)
      SELECT r."battleId", r."userId", r."opponentId", $2::date, $3::date, r.won, r.counted, r.points
      FROM jsonb_to_recordset($1::jsonb) AS r("battleId" integer, "userId" integer, "opponentId" integer, won boolean, counted boolean, points integer))
    UPDATE arena_standings AS s SET points = s.points + d.points, wins = s.wins + d.wins, battles = s.battles + d.battles, streak = d.streak
    FROM jsonb_to_recordset($4::jsonb) AS d("userId" integer, points integer, wins integer, battles integer, streak integer)
    WHERE s.week = $2::date AND s.user_id = ANY($5::int[]) AND s.user_id = d."userId"`,
};

/**
 * Scores battles just completed at `now` (one arena week, one UTC day), in battle id order. Battles
 * already scored are left alone.
 */
export async function scoreArena(tx: Tx, now: Date, completed: ArenaBattle[]): Promise<void> {
  if (completed.length === 0) return;
  const week = arenaWeekStart(now);
  const day = now.toISOString().slice(0, 10);
  const players = [...new Set(completed.flatMap((b) => [b.winnerId, b.loserId]))].sort((a, b) => a - b);
  await rawQuery(tx, LOCK_STANDINGS, [week, players]);
  type Read =
    | { kind: 'streak'; userId: number; opponentId: null; n: number; battleId: null }
    | { kind: 'pair'; userId: number; opponentId: number; n: number; battleId: null }
    | { kind: 'scored'; userId: null; opponentId: null; n: null; battleId: number };
  const read = await rawQuery<Read>(tx, READ_LOCKED, [week, day, players, completed.map((b) => b.battleId)]);
  const done = new Set(read.flatMap((r) => (r.kind === 'scored' ? [r.battleId] : [])));
  const fresh = [...new Map(completed.filter((b) => !done.has(b.battleId)).map((b) => [b.battleId, b])).values()].sort((a, b) => a.battleId - b.battleId);
  if (fresh.length === 0) return;

  const streaks = new Map(read.flatMap((r) => (r.kind === 'streak' ? [[r.userId, r.n] as const] : [])));
  const pairCounts = new Map<string, number>();
  // Each counted battle has a row for both players: count the rows of the lower id's side only.
  for (const row of read) {
    if (row.kind === 'pair' && row.userId < row.opponentId) pairCounts.set(arenaPairKey(row.userId, row.opponentId), row.n);
  }
  const results = scoreArenaBattles(fresh, streaks, pairCounts);

  const sums = new Map<number, { userId: number; points: number; wins: number; battles: number; streak: number }>();
  for (const r of results) {
    const sum = sums.get(r.userId) ?? { userId: r.userId, points: 0, wins: 0, battles: 0, streak: 0 };
    sum.points += r.points;
    if (r.counted) sum.battles += 1;
    if (r.counted && r.won) sum.wins += 1;
    sum.streak = streaks.get(r.userId) ?? 0;
    sums.set(r.userId, sum);
  }
  const changed = [...sums.values()].sort((a, b) => a.userId - b.userId);
  await rawQuery(tx, WRITE_RESULTS, [JSON.stringify(results), week, day, JSON.stringify(changed), changed.map((s) => s.userId)]);
}

interface ArenaRow {
  user_id: UserId;
  username: string;
  avatar_color: string;
  points: number;
  wins: number;
  battles: number;
  streak: number;
  last_battle_id: BattleId | null;
}

/** A standing's latest scoring battle (arena_results_pair_day_idx: the player's counted results). */
const LAST_BATTLE = sql.raw(`(SELECT max(r.battle_id) FROM arena_results r WHERE r.user_id = s.user_id AND r.week = s.week AND r.counted) AS last_battle_id`);

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const toEntry = (row: ArenaRow, rank: number): ArenaEntry => ({
  rank,
  userId: row.user_id,
  username: row.username,
  avatarColor: row.avatar_color,
  avatarInitials: avatarInitials(row.username),
  points: Number(row.points),
  wins: Number(row.wins),
  battles: Number(row.battles),
  streak: Number(row.streak),
  lastBattleId: row.last_battle_id,
});

/** A week's board rows from `offset`: points above 0, banned players left off; most points first, then the older account. */
async function boardRows(db: Db, week: string, offset: number, limit: number): Promise<ArenaRow[]> {
  return rowsOf<ArenaRow>(
    await db.execute(sql`SELECT s.user_id, u.username, u.avatar_color, s.points, s.wins, s.battles, s.streak, ${LAST_BATTLE}
      FROM arena_standings s JOIN users u ON u.id = s.user_id
      WHERE s.week = ${week}::date AND s.points > 0 AND NOT u.is_banned
      ORDER BY s.points DESC, s.user_id LIMIT ${limit} OFFSET ${offset}`),
  );
}

/** The player's place on a week's board (null without points, or banned). */
async function placeOf(db: Db, week: string, userId: UserId): Promise<ArenaEntry | null> {
  const [row] = rowsOf<ArenaRow & { ahead: number }>(
    await db.execute(sql`SELECT s.user_id, u.username, u.avatar_color, s.points, s.wins, s.battles, s.streak, ${LAST_BATTLE},
        (SELECT count(*)::int FROM arena_standings o JOIN users ou ON ou.id = o.user_id
          WHERE o.week = s.week AND o.points > 0 AND NOT ou.is_banned AND (o.points > s.points OR (o.points = s.points AND o.user_id < s.user_id))) AS ahead
      FROM arena_standings s JOIN users u ON u.id = s.user_id
      WHERE s.week = ${week}::date AND s.user_id = ${userId} AND s.points > 0 AND NOT u.is_banned`),
  );
  return row ? toEntry(row, Number(row.ahead) + 1) : null;
}

/** This week's board: one page, the viewer's own place, the time left and last week's top 3. */
export async function readArenaBoard(db: Db, query: ArenaQuery, viewerId: UserId | undefined, now: Date): Promise<ArenaBoard> {
  const weekStart = arenaWeekStart(now);
  const ends = new Date(`${addArenaWeeks(weekStart, 1)}T00:00:00Z`);
  const offset = (query.page - 1) * ARENA_PAGE_SIZE;
  const rows = await boardRows(db, weekStart, offset, ARENA_PAGE_SIZE + 1);
  const entries = rows.slice(0, ARENA_PAGE_SIZE).map((row, i) => toEntry(row, offset + i + 1));
  const me = viewerId === undefined ? null : (entries.find((e) => e.userId === viewerId) ?? (await placeOf(db, weekStart, viewerId)));
  const lastWeekStart = addArenaWeeks(weekStart, -1);
  const winners = (await boardRows(db, lastWeekStart, 0, ARENA_WINNER_PLACES)).map((row, i) => toEntry(row, i + 1));
  return {
    weekStart,
    endsAt: ends.toISOString(),
    secondsLeft: Math.max(0, Math.floor((ends.getTime() - now.getTime()) / 1000)),
    page: query.page,
    pageSize: ARENA_PAGE_SIZE,
    hasMore: rows.length > ARENA_PAGE_SIZE,
    entries,
    me,
    lastWeek: { weekStart: lastWeekStart, winners },
  };
}

/** The weeks before this one where the player finished in the top 3: their 'Arena winner' badges, newest first. */
export async function readArenaBadges(db: Db, userId: UserId, now: Date): Promise<ArenaBadges> {
  const rows = rowsOf<{ week: string; ahead: number }>(
    await db.execute(sql`SELECT to_char(s.week, 'YYYY-MM-DD') AS week,
        (SELECT count(*)::int FROM (SELECT 1 FROM arena_standings o JOIN users ou ON ou.id = o.user_id
          WHERE o.week = s.week AND o.points > 0 AND NOT ou.is_banned AND (o.points > s.points OR (o.points = s.points AND o.user_id < s.user_id))
          LIMIT ${ARENA_WINNER_PLACES}) AS a) AS ahead
      FROM arena_standings s JOIN users u ON u.id = s.user_id
      WHERE s.user_id = ${userId} AND s.week < ${arenaWeekStart(now)}::date AND s.points > 0 AND NOT u.is_banned
      ORDER BY s.week DESC`),
  );
  return { badges: rows.filter((r) => Number(r.ahead) < ARENA_WINNER_PLACES).map((r) => ({ weekStart: r.week, place: Number(r.ahead) + 1 })) };
}
