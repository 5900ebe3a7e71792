/**
 * The player sessions' rows (`sessions`): the cookie's token is kept only as its SHA-256, with the
 * user id and the session's data. The gateway's session store (gateway/src/auth/session-store.ts)
 * caches and calls these; ending a session tells every gateway in the same transaction.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { prefixedRow, rawQuery, selectColumns, type RawStatement } from '../db/raw-query';
import { sessions, users, type UserRow } from '../db/schema';
import { inUnitOfWork } from '../outbox/unit-of-work';

export type SessionRow = typeof sessions.$inferSelect;

/**
 * Hand-written (db/raw-query.ts): a session not cached by the gateway is read on a request's path,
 * with its player's row (the request's next question), in one round trip.
 */
const SESSION_BY_HASH: RawStatement = {
  name: 'sessions_by_hash_with_user',
  text: `SELECT ${selectColumns(sessions, 's')}, ${selectColumns(users, 'u', 'user.')} FROM sessions s LEFT JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1`,
};

/** The session, and its player's row as it is now (none for a session without a player). */
export async function findSession(db: Db, tokenHash: string): Promise<(SessionRow & { user?: UserRow }) | undefined> {
  const [row] = await rawQuery<SessionRow & Record<string, unknown>>(db, SESSION_BY_HASH, [tokenHash]);
  if (!row) return undefined;
  const user = prefixedRow(row, 'user.') as UserRow | { id: null };
  return user.id === null ? row : { ...row, user: user as UserRow };
}

/** Creates the session or replaces its data, and counts it as seen now. */
export async function saveSession(db: Db, session: Pick<SessionRow, 'tokenHash' | 'userId' | 'data' | 'lastSeenAt' | 'expiresAt'>): Promise<void> {
  const { userId, data, lastSeenAt, expiresAt } = session;
  await db.insert(sessions).values(session).onConflictDoUpdate({ target: sessions.tokenHash, set: { userId, data, lastSeenAt, expiresAt } });
}

/** Notes the session as seen at `seenAt`, idle expiry counted from there. */
export async function touchSession(db: Db, tokenHash: string, seenAt: Date, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: seenAt, expiresAt }).where(eq(sessions.tokenHash, tokenHash));
}

/** Drops a session found idle past its expiry: never honoured again, so no gateway needs telling. */
export async function dropIdleSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends a session (logout): the row goes, and the news to every gateway with it, in one transaction. */
export async function endSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await inUnitOfWork(db, now, async (uow) => {
    await uow.tx.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    uow.toCluster({ type: 'session', tokenHash });
  });
}
