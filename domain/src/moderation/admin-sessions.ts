/**
 * The admin sessions' rows (`admin_sessions`): started by the shared admin password, kept apart from
 * player sessions, with an absolute expiry. The gateway's store (gateway/src/admin/admin-session-store.ts)
 * holds the tokens; only their SHA-256 reaches these.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adminSessions } from '../db/schema';
import { inUnitOfWork } from '../outbox/unit-of-work';
import { endSessionClaims } from './claims';

export type AdminSessionRow = typeof adminSessions.$inferSelect;

export async function startAdminSession(db: Db, tokenHash: string, now: Date, expiresAt: Date): Promise<AdminSessionRow> {
  const [row] = await db.insert(adminSessions).values({ tokenHash, createdAt: now, expiresAt }).returning();
  return row!;
}

/** The session of this token hash, unless it has expired. */
export async function findAdminSession(db: Db, tokenHash: string, now: Date): Promise<AdminSessionRow | undefined> {
  const [row] = await db.select().from(adminSessions).where(and(eq(adminSessions.tokenHash, tokenHash), gt(adminSessions.expiresAt, now))).limit(1);
  return row;
}

/**
 * Ends the session; every gateway hears of it in the same transaction and closes the sockets riding
 * on it, and the other admins see its claims end.
 */
export async function endAdminSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await inUnitOfWork(db, now, async (uow) => {
    await endSessionClaims(uow, tokenHash);
    await uow.tx.delete(adminSessions).where(eq(adminSessions.tokenHash, tokenHash));
    uow.toCluster({ type: 'session', tokenHash });
  });
}
