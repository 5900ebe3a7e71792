/**
 * Admin sessions: started by the shared admin password, kept apart from player sessions. The cookie
 * carries a random token; the `admin_sessions` row keeps its SHA-256 and an absolute expiry (12 h).
 * Admin traffic is light, so every lookup reads the database: ending a session takes effect at once
 * on every gateway, and the invalidation bus only needs to close sockets that rode on it.
 */
import { and, eq, gt } from 'drizzle-orm';
import { AUTH } from '@pog/common';
import { tables, type Db } from '@pog/domain/db';
import { type Clock } from '@pog/domain/clock';
import { hashToken, newSessionToken } from '../auth/session-store';
import type { InvalidationBus } from '../cluster/invalidation';

export const ADMIN_SESSION_MS = AUTH.adminSessionHours * 3600 * 1000;

export interface AdminSession {
  /** Opaque id the audit log records (never the token). */
  id: number;
  tokenHash: string;
  expiresAt: Date;
}

export class AdminSessionStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly bus: InvalidationBus,
  ) {}

  /** Starts a session; the token goes into the cookie and nowhere else. */
  async create(): Promise<{ token: string; session: AdminSession }> {
    const token = newSessionToken();
    const now = this.clock.now();
    const [row] = await this.db
      .insert(tables.adminSessions)
      .values({ tokenHash: hashToken(token), createdAt: now, expiresAt: new Date(now.getTime() + ADMIN_SESSION_MS) })
      .returning();
    return { token, session: { id: row!.id, tokenHash: row!.tokenHash, expiresAt: row!.expiresAt } };
  }

  async get(token: string): Promise<AdminSession | undefined> {
    const rows = await this.db
      .select()
      .from(tables.adminSessions)
      .where(and(eq(tables.adminSessions.tokenHash, hashToken(token)), gt(tables.adminSessions.expiresAt, this.clock.now())))
      .limit(1);
    const row = rows[0];
    return row ? { id: row.id, tokenHash: row.tokenHash, expiresAt: row.expiresAt } : undefined;
  }

  /** Ends the session and closes the admin sockets that rode on it, on every gateway. */
  async destroy(token: string): Promise<void> {
    const tokenHash = hashToken(token);
    await this.bus.publish({ type: 'session', tokenHash }, (tx) => tx.delete(tables.adminSessions).where(eq(tables.adminSessions.tokenHash, tokenHash)));
  }
}
