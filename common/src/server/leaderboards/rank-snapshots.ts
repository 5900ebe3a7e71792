/**
 * Deep ranks without counting the whole board. A rank is the number of listed players ahead plus
 * one; counting them costs one index entry each, fine near the top and far too slow for the last of
 * 100,000 players. So a rank is counted exactly up to EXACT_RANKS, and beyond that it is looked up
 * (binary search) in a snapshot of the board's order taken at most SNAPSHOT_MAX_AGE_MS ago, one per
 * board and period per process, loaded once for all the requests that need it meanwhile. A player
 * the fresh snapshot already places far past the exact ranks (2 x EXACT_RANKS) is not counted at all.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Ranks up to this are always counted exactly (the pages reachable by paging end well before it). */
export const EXACT_RANKS = 2_000;
export const SNAPSHOT_MAX_AGE_MS = 10_000;

interface Snapshot {
  /** The board's order: figure descending, then player id ascending. */
  figures: Float64Array;
  userIds: Int32Array;
}

/** How many snapshot entries come before (figure, userId) in the board's order. */
export function placesAhead(snapshot: Pick<Snapshot, 'figures' | 'userIds'>, figure: number, userId: number): number {
  let low = 0;
  let high = snapshot.figures.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const f = snapshot.figures[mid]!;
    const ahead = f > figure || (f === figure && snapshot.userIds[mid]! < userId);
    if (ahead) low = mid + 1;
    else high = mid;
  }
  return low;
}

export class RankSnapshots {
  /** Per board and period: when its snapshot was started, and the snapshot (shared while it loads). */
  private readonly snapshots = new Map<string, { startedAt: number; snapshot: Promise<Snapshot> }>();
  /** The loaded snapshots, by key, for the lookups that need not wait. */
  private readonly ready = new Map<string, { startedAt: number; snapshot: Snapshot }>();

  constructor(private readonly clock: () => number = Date.now) {}

  /**
   * The player's rank: `countAhead` (a SELECT of the players ahead, read up to EXACT_RANKS rows)
   * when it finds fewer than EXACT_RANKS, else from the snapshot of `order` (figure, user_id rows
   * in the board's order) kept under `key`.
   */
  async rank(db: Db, key: string, countAhead: SQL, order: SQL, figure: number, userId: number): Promise<number> {
    // Far below the exact ranks in a fresh snapshot already taken: no need to count to find that out.
    const ready = this.ready.get(key);
    if (ready && this.clock() - ready.startedAt <= SNAPSHOT_MAX_AGE_MS) {
      const ahead = placesAhead(ready.snapshot, figure, userId);
      if (ahead >= 2 * EXACT_RANKS) return ahead + 1;
    }
    const result = (await db.execute(sql`SELECT count(*)::int AS n FROM (${countAhead} LIMIT ${EXACT_RANKS}) AS ahead`)) as unknown as { rows: Array<{ n: number }> };
    const exact = result.rows[0]!.n;
    if (exact < EXACT_RANKS) return exact + 1;
    const snapshot = await this.snapshot(db, key, order);
    return Math.max(EXACT_RANKS, placesAhead(snapshot, figure, userId)) + 1;
  }

  private snapshot(db: Db, key: string, order: SQL): Promise<Snapshot> {
    const now = this.clock();
    const cached = this.snapshots.get(key);
    if (cached && now - cached.startedAt <= SNAPSHOT_MAX_AGE_MS) return cached.snapshot;
    const snapshot = (async () => {
      const { rows } = (await db.execute(order)) as unknown as { rows: Array<{ figure: number | string; user_id: number }> };
      const loaded = { figures: Float64Array.from(rows, (r) => Number(r.figure)), userIds: Int32Array.from(rows, (r) => r.user_id) };
      this.ready.set(key, { startedAt: now, snapshot: loaded });
      return loaded;
    })();
    const entry = { startedAt: now, snapshot };
    this.snapshots.set(key, entry);
    // A failed load is not kept: the next request tries again.
    snapshot.catch(() => {
      if (this.snapshots.get(key) === entry) this.snapshots.delete(key);
    });
    return snapshot;
  }
}
