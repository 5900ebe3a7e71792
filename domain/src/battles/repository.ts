/** Reading battles as the API shows them: both players, both POGs, and the seed only once completed. */
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { CLOSED_BATTLE_STATUSES, OPEN_BATTLE_STATUSES, type Battle, type BattleParty, type BattleReveal } from '@pog/common/battles/api';
import { avatarInitials, timeAgo } from '@pog/common/display';
import type { Db, Tx } from '../db/client';
import { battles, pogs, type BattleRow, type PogRow } from '../db/schema';
import { findPogs, toPog, type PogWithNames } from '../pogs/repository';
import { playersShown, type PlayerShown } from '../users/repository';
import { rawQuery, selectColumns, type RawStatement } from '../db/raw-query';
import type { BattleId, PogId, UserId } from '@pog/common/schemas/ids';

/** How many battles a list returns at most, newest first. */
export const BATTLE_LIST_LIMIT = 100;

export async function toBattles(db: Db | Tx, rows: BattleRow[], now: Date): Promise<Battle[]> {
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.flatMap((r) => [r.challengerId, r.defenderId]))];
  const pogIds = rows.flatMap((r) => [r.challengerPogId, r.defenderPogId]).filter((pogId): pogId is PogId => pogId !== null);
  // One after the other: inside a transaction they share one connection, which runs one query at a time.
  const people = await playersShown(db, userIds);
  const pogsById = await findPogs(db, pogIds);
  return battlesShown(rows, people, pogsById, now);
}

/**
 * Battles as the API shows them, from their players and POGs as read already (a command that locked
 * them has them): `people` and `pogsById` must hold every player and POG the rows name.
 */
export function battlesShown(rows: BattleRow[], people: ReadonlyMap<UserId, PlayerShown>, pogsById: ReadonlyMap<PogId, PogWithNames>, now: Date): Battle[] {
  const party = new Map<UserId, BattleParty>([...people.values()].map((u) => [u.id, { id: u.id, username: u.username, avatarColor: u.avatarColor, avatarInitials: avatarInitials(u.username) }]));
  const pog = (pogId: PogId | null) => {
    const found = pogId === null ? undefined : pogsById.get(pogId);
    return found ? toPog(found, now) : null;
  };
  return rows.map((r) => {
    const completed = r.status === 'completed';
    return {
      id: r.id,
      status: r.status,
      battleType: r.battleType,
      challengerId: r.challengerId,
      defenderId: r.defenderId,
      challengerPogId: r.challengerPogId,
      defenderPogId: r.defenderPogId,
      challenger: party.get(r.challengerId)!,
      defender: party.get(r.defenderId)!,
      challengerPog: pog(r.challengerPogId),
      defenderPog: pog(r.defenderPogId),
      challengerRarity: r.challengerRarity,
      defenderRarity: r.defenderRarity,
      challengerRoll: r.challengerRoll,
      defenderRoll: r.defenderRoll,
      winnerId: r.winnerId,
      rounds: r.rounds,
      seedHash: r.seedHash,
      // The commitment is public from the start; the seed only once nothing can change any more.
      seed: completed ? r.seed : null,
      // The players' seeds are no secret: each is public once given.
      rollVersion: r.rollVersion,
      challengerSeed: r.challengerSeed,
      defenderSeed: r.defenderSeed,
      createdAt: r.createdAt.toISOString(),
      acceptedAt: r.acceptedAt?.toISOString() ?? null,
      completedAt: r.completedAt?.toISOString() ?? null,
      expiresAt: r.expiresAt.toISOString(),
      timeAgo: timeAgo(r.createdAt, now),
    };
  });
}

export async function toBattle(db: Db | Tx, row: BattleRow, now: Date): Promise<Battle> {
  return (await toBattles(db, [row], now))[0]!;
}

/**
 * A completed battle's revealed values (GET /api/battles/:id/reveal): everything its rolls are
 * recomputed from, and what the server recorded. The row must be completed (a CHECK constraint then
 * guarantees the rarities, rounds and rolls).
 */
export async function toBattleReveal(db: Db | Tx, row: BattleRow): Promise<BattleReveal> {
  if (row.status !== 'completed') throw new RangeError(`Battle ${row.id} is ${row.status}: only a completed battle is revealed.`);
  const people = await playersShown(db, [row.challengerId, row.defenderId]);
  const named = (id: UserId) => ({ id, username: people.get(id)?.username ?? 'unknown' });
  return {
    id: row.id,
    battleType: row.battleType,
    rollVersion: row.rollVersion,
    seedHash: row.seedHash,
    seed: row.seed,
    challengerSeed: row.challengerSeed,
    defenderSeed: row.defenderSeed,
    challenger: named(row.challengerId),
    defender: named(row.defenderId),
    challengerRarity: row.challengerRarity!,
    defenderRarity: row.defenderRarity!,
    rounds: row.rounds!,
    challengerRoll: row.challengerRoll!,
    defenderRoll: row.defenderRoll!,
    winner: row.winnerId === row.challengerId ? 'challenger' : 'defender',
    completedAt: row.completedAt!.toISOString(),
  };
}

/** Hand-written (db/raw-query.ts): every battle command and read runs one. */
const BATTLE_COLUMNS = selectColumns(battles, 'b');
const FIND_BATTLE: RawStatement = { name: 'battle_find', text: `SELECT ${BATTLE_COLUMNS} FROM battles b WHERE b.id = $1::int` };
const LOCK_BATTLE: RawStatement = { name: 'battle_lock', text: `SELECT ${BATTLE_COLUMNS} FROM battles b WHERE b.id = $1::int FOR UPDATE` };

export async function findBattleRow(db: Db | Tx, battleId: BattleId): Promise<BattleRow | undefined> {
  const [row] = await rawQuery<BattleRow>(db, FIND_BATTLE, [battleId]);
  return row;
}

export async function lockBattleRow(tx: Tx, battleId: BattleId): Promise<BattleRow | undefined> {
  const [row] = await rawQuery<BattleRow>(tx, LOCK_BATTLE, [battleId]);
  return row;
}

/**
 * pogs/locks.ts's `update` lock, with the names a battle shows beside each POG (its owner's and its
 * creator's), so that a command's answer needs no second read of them. Only the POG rows are locked.
 */
const LOCK_POGS_WITH_NAMES: RawStatement = {
  name: 'battle_lock_pogs_named',
  text: `SELECT ${selectColumns(pogs, 'p')}, o.username AS "ownerUsername", c.username AS "creatorUsername"
    FROM pogs p JOIN users o ON o.id = p.user_id JOIN users c ON c.id = p.creator_id
    WHERE p.id = ANY($1::int[]) ORDER BY p.id FOR UPDATE OF p`,
};

/** Locks these POGs (in id order, nulls and repeats ignored) and returns them with their names; missing ones are absent. */
export async function lockPogsShown(tx: Tx, ids: ReadonlyArray<PogId | null>): Promise<Map<PogId, PogWithNames>> {
  const wanted = [...new Set(ids.filter((id): id is PogId => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await rawQuery<PogRow & { ownerUsername: string; creatorUsername: string }>(tx, LOCK_POGS_WITH_NAMES, [wanted]);
  return new Map(rows.map(({ ownerUsername, creatorUsername, ...pog }) => [pog.id, { pog, username: ownerUsername, creatorUsername }]));
}

const involves = (userId: UserId) => or(eq(battles.challengerId, userId), eq(battles.defenderId, userId));

/** Pending and accepted battles of a player. */
export function openBattlesOf(db: Db, userId: UserId): Promise<BattleRow[]> {
  return db
    .select()
    .from(battles)
    .where(and(involves(userId), inArray(battles.status, [...OPEN_BATTLE_STATUSES])))
    .orderBy(desc(battles.id))
    .limit(BATTLE_LIST_LIMIT);
}

/** Finished battles of a player; others see only the completed ones (the rest is between the two). */
export function closedBattlesOf(db: Db, userId: UserId, completedOnly: boolean): Promise<BattleRow[]> {
  const statuses = completedOnly ? ['completed' as const] : [...CLOSED_BATTLE_STATUSES];
  return db
    .select()
    .from(battles)
    .where(and(involves(userId), inArray(battles.status, statuses)))
    .orderBy(desc(battles.id))
    .limit(BATTLE_LIST_LIMIT);
}

/**
 * Open battles in which any of these POGs is risked, on either side: hand-written (db/raw-query.ts),
 * every trade and challenge asks. The statuses are written into the text (one statement per set), so
 * the planner can use the partial indexes of open battles' POGs.
 */
const risking = new Map<string, RawStatement>();
function riskingStatement(statuses: readonly BattleRow['status'][]): RawStatement {
  const key = statuses.join(',');
  let statement = risking.get(key);
  if (!statement) {
    if (!statuses.every((status) => /^[a-z]+$/.test(status))) throw new RangeError(`not a battle status: ${key}`);
    statement = {
      name: `battles_risking_${statuses.join('_')}`,
      text: `SELECT ${selectColumns(battles, 'b')} FROM battles b
        WHERE b.status IN (${statuses.map((status) => `'${status}'`).join(', ')}) AND (b.challenger_pog_id = ANY($1::int[]) OR b.defender_pog_id = ANY($1::int[]))`,
    };
    risking.set(key, statement);
  }
  return statement;
}

export async function openBattlesRisking(db: Db | Tx, pogIds: PogId[], statuses: readonly BattleRow['status'][] = OPEN_BATTLE_STATUSES): Promise<BattleRow[]> {
  if (pogIds.length === 0) return [];
  return rawQuery<BattleRow>(db, riskingStatement(statuses), [pogIds]);
}

const OPEN_STATUSES_SQL = OPEN_BATTLE_STATUSES.map((status) => `'${status}'`).join(', ');

/**
 * A POG its holder could risk in a battle now: not rejected, supply left, not on cooldown, not
 * already in an open battle (riskRefusal's checks), as SQL over the `pogs` row named `pog` at the
 * moment `now` (both SQL expressions), for hand-written statements; `riskable` is the same for Drizzle's.
 */
export function riskableSql(pog: string, now: string): string {
  return `${pog}.moderation_status <> 'rejected' AND ${pog}.trades_remaining > 0 AND (${pog}.cooldown_until IS NULL OR ${pog}.cooldown_until <= ${now})
    AND NOT EXISTS (SELECT 1 FROM battles o WHERE o.status IN (${OPEN_STATUSES_SQL}) AND (o.challenger_pog_id = ${pog}.id OR o.defender_pog_id = ${pog}.id))`;
}

/** Where `now` goes in riskableSql's text, for Drizzle to bind it there. */
const NOW_MARK = '\u0000now\u0000';
const [RISKABLE_BEFORE_NOW, RISKABLE_AFTER_NOW] = riskableSql('"pogs"', NOW_MARK).split(NOW_MARK) as [string, string];

/** riskableSql over Drizzle's `pogs`, with `now` bound. */
export function riskable(now: Date): SQL {
  return sql`(${sql.raw(RISKABLE_BEFORE_NOW)}${now.toISOString()}::timestamptz${sql.raw(RISKABLE_AFTER_NOW)})`;
}
