/**
 * Tidying of ended sessions: expired player and admin session rows are never honoured (every lookup
 * checks `expires_at`), so deleting them changes nothing for anyone; it keeps both tables as small as
 * the number of live sessions. Run by the scheduled `sessions.purge` job, in bounded batches so that
 * a large backlog never becomes one long-locking statement.
 */
import { inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adminSessions, sessions } from '../db/schema';

/** Rows one statement deletes at most. */
export const SESSION_PURGE_BATCH = 1_000;

export async function purgeExpiredSessions(db: Db, now: Date): Promise<{ sessions: number; adminSessions: number }> {
  const result = { sessions: 0, adminSessions: 0 };
  for (const [key, table] of [['sessions', sessions], ['adminSessions', adminSessions]] as const) {
    for (;;) {
      const expired = db.select({ tokenHash: table.tokenHash }).from(table).where(lt(table.expiresAt, now)).limit(SESSION_PURGE_BATCH);
      const deleted = await db.delete(table).where(inArray(table.tokenHash, expired)).returning({ tokenHash: table.tokenHash });
      result[key] += deleted.length;
      if (deleted.length < SESSION_PURGE_BATCH) break;
    }
  }
  return result;
}
