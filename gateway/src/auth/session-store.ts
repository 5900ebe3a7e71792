/**
 * Server-side sessions. The cookie carries a random token; the database keeps its SHA-256 with the
 * user id, so sessions can be ended at once (logout, ban) and a leaked table is useless as cookies.
 * Each gateway caches lookups (cache-lifetime.ts); ending a session, or a change to its user, tells
 * every gateway to drop its copy.
 */
import { hash, randomBytes } from 'node:crypto';
import { AUTH } from '@pog/common';
import { type Db } from '@pog/domain/db';
import { dropIdleSession, endSession, findSession, saveSession, touchSession } from '@pog/domain/users';
import { silentLogger, type Logger } from '@pog/domain/logging';
import { type Clock } from '@pog/domain/clock';
import type { InvalidationBus } from '../cluster/invalidation';
import type { UserCache } from './user-cache';
import type { UserId } from '@pog/common/schemas/ids';
import { CACHE_TTL_MS, cacheLifetime } from './cache-lifetime';

export type SessionData = Record<string, unknown> & { userId?: UserId };

interface CachedSession {
  userId: UserId | null;
  data: SessionData;
  expiresAt: number;
}

const IDLE_MS = AUTH.sessionIdleDays * 24 * 3600 * 1000;
/** last_seen_at is written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 3600 * 1000;

export const newSessionToken = (): string => randomBytes(32).toString('base64url');
/** SHA-256 in hex, in one call (no Hash object per token: every API request hashes its cookie's). */
export const hashToken = (token: string): string => hash('sha256', token, 'hex');

export class SessionStore {
  private readonly cache = new Map<string, CachedSession>();
  private readonly lastTouch = new Map<string, number>();
  /** Counts the sessions ended and users changed: a row read while one came in may predate it, and is not kept. */
  private changes = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly bus: InvalidationBus,
    private readonly log: Logger = silentLogger,
    private readonly cacheTtlMs = CACHE_TTL_MS,
    /** Where the player's row, read with the session, is kept for the request's next question. */
    private readonly users?: UserCache,
  ) {
    bus.subscribe((message) => {
      this.changes++;
      if (message.type === 'session') this.cache.delete(message.tokenHash);
      if (message.type === 'user') {
        for (const [hash, entry] of this.cache) if (entry.userId === message.userId) this.cache.delete(hash);
      }
    });
  }

  /** The session's data when this gateway keeps it (undefined: `get` must read it). */
  kept(token: string): SessionData | undefined {
    const cached = this.cache.get(hashToken(token));
    return cached && this.clock.now().getTime() < cached.expiresAt ? cached.data : undefined;
  }

  async get(token: string): Promise<SessionData | undefined> {
    const tokenHash = hashToken(token);
    const now = this.clock.now().getTime();
    const cached = this.cache.get(tokenHash);
    if (cached && now < cached.expiresAt) return cached.data;
    return this.read(tokenHash, now);
  }

  private async read(tokenHash: string, now: number): Promise<SessionData | undefined> {
    const changes = this.changes;
    const row = await findSession(this.db, tokenHash);
    if (!row) {
      this.cache.delete(tokenHash);
      return undefined;
    }
    if (row.lastSeenAt.getTime() + IDLE_MS < now) {
      await dropIdleSession(this.db, tokenHash);
      return undefined;
    }
    // A session ended or a user changed while this was read: the row may predate it, so it is not kept.
    if (changes === this.changes) {
      if (row.user) this.users?.keep(row.user);
      this.keep(tokenHash, row.userId, row.data as SessionData, now);
    }
    this.touch(tokenHash, row.lastSeenAt.getTime(), now);
    return row.data as SessionData;
  }

  async set(token: string, data: SessionData): Promise<void> {
    const tokenHash = hashToken(token);
    const now = this.clock.now();
    const userId = typeof data.userId === 'number' ? data.userId : null;
    const expiresAt = new Date(now.getTime() + IDLE_MS);
    await saveSession(this.db, { tokenHash, userId, data, lastSeenAt: now, expiresAt });
    this.keep(tokenHash, userId, data, now.getTime());
  }

  private keep(tokenHash: string, userId: UserId | null, data: SessionData, now: number): void {
    this.cache.set(tokenHash, { userId, data, expiresAt: now + cacheLifetime(this.cacheTtlMs) });
    if (this.cache.size > 50_000) this.cache.clear();
  }

  /** Ends a session on every gateway: the row goes, and the news with it, in one transaction. */
  async destroy(token: string): Promise<void> {
    const tokenHash = hashToken(token);
    this.cache.delete(tokenHash);
    await endSession(this.db, tokenHash, this.clock.now());
    await this.bus.announce({ type: 'session', tokenHash });
  }

  /** Keeps idle expiry honest without a write per request. */
  private touch(tokenHash: string, lastSeen: number, now: number): void {
    const last = Math.max(lastSeen, this.lastTouch.get(tokenHash) ?? 0);
    if (now - last < TOUCH_EVERY_MS) return;
    this.lastTouch.set(tokenHash, now);
    if (this.lastTouch.size > 50_000) this.lastTouch.clear();
    void touchSession(this.db, tokenHash, new Date(now), new Date(now + IDLE_MS))
      // The session token is never logged: a failed touch is only news about the database.
      .catch((error: unknown) => this.log.warn({ component: 'sessions', err: error instanceof Error ? error.message : String(error) }, 'noting a session as seen failed'));
  }
}
