/** Reading trades as the API shows them: with both players and both POGs. */
import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import { avatarInitials, timeAgo } from '@pog/common/display';
import type { Trade, TradeChainLink, TradeParty } from '@pog/common/trades/api';
import type { Db, Tx } from '../db/client';
import { trades, type PogRow, type TradeRow } from '../db/schema';
import { findPogs, toPog, type PogWithNames } from '../pogs/repository';
import { playersShown, type PlayerShown } from '../users/repository';
import type { PogId, TradeId, UserId } from '@pog/common/schemas/ids';

/** What a trade's answer shows of its players (avatar initials are derived from the name). */
export type TradePlayer = PlayerShown;

export async function toTrades(db: Db | Tx, rows: TradeRow[], now: Date): Promise<Trade[]> {
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.flatMap((r) => [r.fromUserId, r.toUserId]))];
  const pogIds = rows.flatMap((r) => [r.offerPogId, r.requestPogId]).filter((id): id is PogId => id !== null);
  // One after the other: inside a transaction they share one connection, which runs one query at a time.
  const players = await playersShown(db, userIds);
  const pogsById = await findPogs(db, pogIds);
  const chains = await chainsOf(db, rows);
  return rows.map((r) => assembleTrade(r, players, pogsById, chains.get(r.id) ?? [], now));
}

/** A trade as the API shows it, from its row and what was read of its players and POGs. */
export function assembleTrade(r: TradeRow, players: ReadonlyMap<UserId, TradePlayer>, pogsById: ReadonlyMap<PogId, PogWithNames>, chain: TradeChainLink[], now: Date): Trade {
  const party = (id: UserId): TradeParty => {
    const u = players.get(id)!;
    return { id: u.id, username: u.username, avatarColor: u.avatarColor, avatarInitials: avatarInitials(u.username) };
  };
  const pog = (id: PogId | null) => {
    const found = id === null ? undefined : pogsById.get(id);
    return found ? toPog(found, now) : null;
  };
  return {
    id: r.id,
    fromUserId: r.fromUserId,
    toUserId: r.toUserId,
    offerPogId: r.offerPogId,
    requestPogId: r.requestPogId,
    status: r.status,
    cancelReason: r.cancelReason,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    timeAgo: timeAgo(r.createdAt, now),
    fromUser: party(r.fromUserId),
    toUser: party(r.toUserId),
    offerPog: pog(r.offerPogId),
    requestPog: pog(r.requestPogId),
    counterOfId: r.counterOf,
    chain,
  };
}

/** For each countering trade, the offers before it (first offer first), read in one recursive query. */
async function chainsOf(db: Db | Tx, rows: TradeRow[]): Promise<Map<TradeId, TradeChainLink[]>> {
  const chains = new Map<TradeId, TradeChainLink[]>();
  const starts = rows.filter((r) => r.counterOf !== null).map((r) => r.id);
  if (starts.length === 0) return chains;
  const result = (await db.execute(sql`
    WITH RECURSIVE up(start, id, depth) AS (
      SELECT t.id, t.counter_of, 1 FROM trades t WHERE t.id IN ${sql.raw(`(${starts.join(',')})`)} AND t.counter_of IS NOT NULL
      UNION ALL
      SELECT up.start, t.counter_of, up.depth + 1 FROM up JOIN trades t ON t.id = up.id WHERE t.counter_of IS NOT NULL AND up.depth < 100
    )
    SELECT up.start, t.id, f.username AS "fromUsername", r.username AS "toUsername", o.name AS "offerPogName", q.name AS "requestPogName",
           t.status, t.created_at AS "createdAt"
    FROM up JOIN trades t ON t.id = up.id
    JOIN users f ON f.id = t.from_user_id JOIN users r ON r.id = t.to_user_id
    LEFT JOIN pogs o ON o.id = t.offer_pog_id LEFT JOIN pogs q ON q.id = t.request_pog_id
    ORDER BY up.start, up.depth DESC`)) as unknown as { rows: Array<TradeChainLink & { start: TradeId; createdAt: string | Date }> };
  for (const { start, createdAt, ...link } of result.rows) {
    const list = chains.get(start) ?? [];
    list.push({ ...link, createdAt: new Date(createdAt).toISOString() });
    chains.set(start, list);
  }
  return chains;
}

/**
 * A trade as the API shows it, from rows the command holds locked (its players, and its POGs with
 * their owners among those players), with no second read of them: only a POG's creator who is
 * neither player is read (by name), in one statement. Its chain is given (a new offer has none).
 */
export async function showLockedTrade(tx: Tx, row: TradeRow, players: ReadonlyMap<UserId, TradePlayer>, pogRows: PogRow[], chain: TradeChainLink[], now: Date): Promise<Trade> {
  const known = new Map(players);
  const missing = [...new Set(pogRows.flatMap((p) => [p.userId, p.creatorId]))].filter((id) => !known.has(id));
  for (const player of (await playersShown(tx, missing)).values()) known.set(player.id, player);
  const pogsById = new Map(pogRows.map((pog) => [pog.id, { pog, username: known.get(pog.userId)!.username, creatorUsername: known.get(pog.creatorId)!.username }]));
  return assembleTrade(row, known, pogsById, chain, now);
}

/** The offers before a countering trade, first offer first (none, and no statement, for a first offer). */
export async function chainOf(db: Db | Tx, row: TradeRow): Promise<TradeChainLink[]> {
  return (await chainsOf(db, [row])).get(row.id) ?? [];
}

export async function toTrade(db: Db | Tx, row: TradeRow, now: Date): Promise<Trade> {
  return (await toTrades(db, [row], now))[0]!;
}

const involves = (userId: UserId) => or(eq(trades.fromUserId, userId), eq(trades.toUserId, userId));

export function pendingTradesOf(db: Db, userId: UserId): Promise<TradeRow[]> {
  return db.select().from(trades).where(and(involves(userId), eq(trades.status, 'pending'))).orderBy(desc(trades.id)).limit(200);
}

export function finishedTradesOf(db: Db, userId: UserId): Promise<TradeRow[]> {
  return db.select().from(trades).where(and(involves(userId), ne(trades.status, 'pending'))).orderBy(desc(trades.decidedAt), desc(trades.id)).limit(100);
}
