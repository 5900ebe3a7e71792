/**
 * The player sessions' rows (`sessions`): the cookie's token is kept only as its SHA-256, with the
 * user id and the session's data. The gateway's session store (gateway/src/auth/session-store.ts)
 * caches and calls these; ending a session tells every gateway in the same transaction.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rawQuery, selectColumns, type RawStatement } from '../db/raw-query';
import { sessions } from '../db/schema';
import { inUnitOfWork } from '../outbox/unit-of-work';

export type SessionRow = typeof sessions.$inferSelect;

/** Hand-written (db/raw-query.ts): a session not cached by the gateway is read on a request's path. */
const SESSION_BY_HASH: RawStatement = { name: 'sessions_by_hash', text: `SELECT ${selectColumns(sessions, 's')} FROM sessions s WHERE s.token_hash = $1` };

export async function findSession(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  const [row] = await rawQuery<SessionRow>(db, SESSION_BY_HASH, [tokenHash]);
  return row;
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
