import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { EXACT_RANKS, placesAhead, RankSnapshots, SNAPSHOT_MAX_AGE_MS } from './rank-snapshots';

/** A board in its order: figure descending, then player id ascending. */
function board(entries: Array<[number, number]>) {
  const sorted = [...entries].sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  return { figures: Float64Array.from(sorted, (e) => e[0]), userIds: Int32Array.from(sorted, (e) => e[1]) };
}

describe('placesAhead', () => {
  it('counts the entries before a (figure, player) exactly as a linear count does, ties broken by player id', () => {
    const entries: Array<[number, number]> = Array.from({ length: 300 }, (_, i) => [(i * 37) % 23, i + 1]);
    const snapshot = board(entries);
    for (const [figure, userId] of [...entries, [100, 1], [-1, 5], [7, 0], [7, 1000]] as Array<[number, number]>) {
      const linear = entries.filter(([f, id]) => f > figure || (f === figure && id < userId)).length;
      expect(placesAhead(snapshot, figure, userId)).toBe(linear);
    }
  });
});

describe('RankSnapshots', () => {
  /** A database that answers the count with `ahead` (capped as LIMIT would) and the order with `rows`. */
  function fakeDb(ahead: number, rows: Array<{ figure: number; user_id: number }>) {
    const calls = { counts: 0, orders: 0 };
    const db = {
      execute: async (query: { queryChunks?: unknown[] }) => {
        const text = JSON.stringify(query);
        if (text.includes('count(*)')) {
          calls.counts++;
          return { rows: [{ n: Math.min(ahead, EXACT_RANKS) }] };
        }
        calls.orders++;
        return { rows };
      },
    } as unknown as Db;
    return { db, calls };
  }
  const order = sql`SELECT figure, user_id FROM somewhere`;
  const ahead = sql`SELECT 1 FROM somewhere`;

  it('counts near ranks exactly and never loads a snapshot for them', async () => {
    const { db, calls } = fakeDb(41, []);
    expect(await new RankSnapshots().rank(db, 'k', ahead, order, 5, 9)).toBe(42);
    expect(calls).toEqual({ counts: 1, orders: 0 });
  });

  it('places deep ranks from one snapshot, shared until it is too old', async () => {
    const rows = Array.from({ length: EXACT_RANKS + 500 }, (_, i) => ({ figure: EXACT_RANKS + 500 - i, user_id: i + 1 }));
    const { db, calls } = fakeDb(EXACT_RANKS + 1000, rows);
    let now = 1_000;
    const snapshots = new RankSnapshots(() => now);
    // The player with figure 100 has EXACT_RANKS + 400 ahead of them.
    const [first, second] = await Promise.all([snapshots.rank(db, 'k', ahead, order, 100, EXACT_RANKS + 401), snapshots.rank(db, 'k', ahead, order, 100, EXACT_RANKS + 401)]);
    expect([first, second]).toEqual([EXACT_RANKS + 401, EXACT_RANKS + 401]);
    expect(calls.orders).toBe(1);
    now += SNAPSHOT_MAX_AGE_MS + 1;
    await snapshots.rank(db, 'k', ahead, order, 100, EXACT_RANKS + 401);
    expect(calls.orders).toBe(2);
    // Never shown above the players counted exactly.
    expect(await snapshots.rank(db, 'k', ahead, order, 1e9, 1)).toBe(EXACT_RANKS + 1);
  });

  it('does not count a player the fresh snapshot places far past the exact ranks', async () => {
    const rows = Array.from({ length: 3 * EXACT_RANKS }, (_, i) => ({ figure: 3 * EXACT_RANKS - i, user_id: i + 1 }));
    const { db, calls } = fakeDb(3 * EXACT_RANKS, rows);
    const snapshots = new RankSnapshots(() => 5_000);
    const last = 3 * EXACT_RANKS;
    expect(await snapshots.rank(db, 'k', ahead, order, 1, last)).toBe(last);
    expect(calls).toEqual({ counts: 1, orders: 1 });
    expect(await snapshots.rank(db, 'k', ahead, order, 1, last)).toBe(last);
    expect(calls).toEqual({ counts: 1, orders: 1 });
    // Near the exact ranks, it is still counted.
    await snapshots.rank(db, 'k', ahead, order, 3 * EXACT_RANKS - 100, 101);
    expect(calls.counts).toBe(2);
  });
});
