/** A short-lived per-process cache of user rows, dropped on every gateway when a user changes. */
import { findUserById } from '@pog/domain/users';
import { type Clock } from '@pog/domain/clock';
import { type Db, tables } from '@pog/domain/db';
import type { InvalidationBus } from '../cluster/invalidation';
import type { UserId } from '@pog/common/schemas/ids';

type UserRow = typeof tables.users.$inferSelect;

export class UserCache {
  private readonly entries = new Map<number, { row: UserRow | undefined; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    bus: InvalidationBus,
    private readonly ttlMs = 15_000,
  ) {
    bus.subscribe((message) => {
      if (message.type === 'user') this.entries.delete(message.userId);
    });
  }

  /** A row read with something else (a session's): kept as if `get` had read it now. */
  keep(row: UserRow): void {
    this.entries.set(row.id, { row, at: this.clock.now().getTime() });
    if (this.entries.size > 50_000) this.entries.clear();
  }

  async get(userId: UserId): Promise<UserRow | undefined> {
    const now = this.clock.now().getTime();
    const hit = this.entries.get(userId);
    if (hit && now - hit.at < this.ttlMs) return hit.row;
    const row = await findUserById(this.db, userId);
    this.entries.set(userId, { row, at: now });
    if (this.entries.size > 50_000) this.entries.clear();
    return row;
  }
}
