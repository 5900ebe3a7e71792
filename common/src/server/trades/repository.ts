/** Reading trades as the API shows them: with both players and both POGs. */
import { and, desc, eq, inArray, ne, or } from 'drizzle-orm';
import { avatarInitials, timeAgo } from '../../display';
import type { Trade, TradeParty } from '../../trades/api';
import type { Db, Tx } from '../db/client';
import { trades, users, type TradeRow } from '../db/schema';
import { findPogs, toPog } from '../pogs/repository';

export async function toTrades(db: Db | Tx, rows: TradeRow[], now: Date): Promise<Trade[]> {
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.flatMap((r) => [r.fromUserId, r.toUserId]))];
  const pogIds = rows.flatMap((r) => [r.offerPogId, r.requestPogId]).filter((id): id is number => id !== null);
  // One after the other: inside a transaction they share one connection, which runs one query at a time.
  const people = await db.select({ id: users.id, username: users.username, displayName: users.displayName, avatarColor: users.avatarColor }).from(users).where(inArray(users.id, userIds));
  const pogsById = await findPogs(db, pogIds);
  const party = new Map<number, TradeParty>(people.map((u) => [u.id, { id: u.id, username: u.username, avatarColor: u.avatarColor, avatarInitials: avatarInitials(u.username) }]));
  const pog = (id: number | null) => {
    const found = id === null ? undefined : pogsById.get(id);
    return found ? toPog(found, now) : null;
  };
  return rows.map((r) => ({
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
    fromUser: party.get(r.fromUserId)!,
    toUser: party.get(r.toUserId)!,
    offerPog: pog(r.offerPogId),
    requestPog: pog(r.requestPogId),
  }));
}

export async function toTrade(db: Db | Tx, row: TradeRow, now: Date): Promise<Trade> {
  return (await toTrades(db, [row], now))[0]!;
}

const involves = (userId: number) => or(eq(trades.fromUserId, userId), eq(trades.toUserId, userId));

export function pendingTradesOf(db: Db, userId: number): Promise<TradeRow[]> {
  return db.select().from(trades).where(and(involves(userId), eq(trades.status, 'pending'))).orderBy(desc(trades.id)).limit(200);
}

export function finishedTradesOf(db: Db, userId: number): Promise<TradeRow[]> {
  return db.select().from(trades).where(and(involves(userId), ne(trades.status, 'pending'))).orderBy(desc(trades.decidedAt), desc(trades.id)).limit(100);
}
