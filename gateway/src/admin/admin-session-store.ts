/**
 * Admin sessions: started by the shared admin password, kept apart from player sessions. The cookie
 * carries a random token; the `admin_sessions` row keeps its SHA-256 and an absolute expiry (12 h).
 * Admin traffic is light, so every lookup reads the database: ending a session takes effect at once
 * on every gateway, and the invalidation bus only needs to close sockets that rode on it.
 */
import { AUTH, type AdminSessionId } from '@pog/common';
import { type Db } from '@pog/domain/db';
import { endAdminSession, findAdminSession, startAdminSession } from '@pog/domain/moderation';
import { type Clock } from '@pog/domain/clock';
import { hashToken, newSessionToken } from '../auth/session-store';
import type { InvalidationBus } from '../cluster/invalidation';

export const ADMIN_SESSION_MS = AUTH.adminSessionHours * 3600 * 1000;

export interface AdminSession {
  /** Opaque id the audit log records (never the token). */
  id: AdminSessionId;
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
    const row = await startAdminSession(this.db, hashToken(token), now, new Date(now.getTime() + ADMIN_SESSION_MS));
    return { token, session: { id: row.id, tokenHash: row.tokenHash, expiresAt: row.expiresAt } };
  }

  async get(token: string): Promise<AdminSession | undefined> {
    const row = await findAdminSession(this.db, hashToken(token), this.clock.now());
    return row ? { id: row.id, tokenHash: row.tokenHash, expiresAt: row.expiresAt } : undefined;
  }

  /** Ends the session and closes the admin sockets that rode on it, on every gateway. */
  async destroy(token: string): Promise<void> {
    const tokenHash = hashToken(token);
    await endAdminSession(this.db, tokenHash, this.clock.now());
    await this.bus.announce({ type: 'session', tokenHash });
  }
}
