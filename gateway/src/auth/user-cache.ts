/** A per-process cache of user rows, dropped on every gateway when a user changes (a ban, a role, a spammer's removal). */
import { findUserById } from '@pog/domain/users';
import { type Clock } from '@pog/domain/clock';
import { type Db, tables } from '@pog/domain/db';
import type { InvalidationBus } from '../cluster/invalidation';
import type { UserId } from '@pog/common/schemas/ids';
import { CACHE_TTL_MS, cacheLifetime } from './cache-lifetime';

type UserRow = typeof tables.users.$inferSelect;

export class UserCache {
  private readonly entries = new Map<number, { row: UserRow | undefined; expiresAt: number }>();
  /** Counts the changes announced: a row read while one came in may predate it, and is not kept. */
  private changes = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    bus: InvalidationBus,
    private readonly ttlMs = CACHE_TTL_MS,
  ) {
    bus.subscribe((message) => {
      if (message.type !== 'user') return;
      this.changes++;
      this.entries.delete(message.userId);
    });
  }

  /**
   * A row read with something else (a session's): kept as if `get` had read it now. The caller keeps
   * it only if no change to the user was announced while it was read.
   */
  keep(row: UserRow): void {
    this.entries.set(row.id, { row, expiresAt: this.clock.now().getTime() + cacheLifetime(this.ttlMs) });
    if (this.entries.size > 50_000) this.entries.clear();
  }

  /** The row as kept (`row` undefined: the user is known not to exist), or undefined when it must be read: `get` reads it. */
  kept(userId: UserId): { row: UserRow | undefined } | undefined {
    const hit = this.entries.get(userId);
    return hit && this.clock.now().getTime() < hit.expiresAt ? hit : undefined;
  }

  async get(userId: UserId): Promise<UserRow | undefined> {
    const hit = this.kept(userId);
    if (hit) return hit.row;
    const now = this.clock.now().getTime();
    const changes = this.changes;
    const row = await findUserById(this.db, userId);
    if (changes === this.changes) {
      this.entries.set(userId, { row, expiresAt: now + cacheLifetime(this.ttlMs) });
      if (this.entries.size > 50_000) this.entries.clear();
    }
    return row;
  }
}
