import type { SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { asUserId } from '@pog/common/schemas/ids';
import type { Db } from '../db/client';
import { EXACT_RANKS, placesAhead, RankSnapshots, SAMPLE_CHUNK, SAMPLE_EVERY, SAMPLE_MAX_AGE_MS, SAMPLE_STALE_LIMIT_MS, type RankStatements } from './rank-snapshots';

type Entry = [figure: number, userId: number];
/** Board order: figure descending, then player id ascending. */
const before = (a: Entry, b: Entry) => a[0] > b[0] || (a[0] === b[0] && a[1] < b[1]);
const sorted = (entries: Entry[]) => [...entries].sort((a, b) => b[0] - a[0] || a[1] - b[1]);

describe('placesAhead', () => {
  it('counts the entries before a (figure, player) exactly as a linear count does, ties broken by player id', () => {
    const entries: Entry[] = Array.from({ length: 300 }, (_, i) => [(i * 37) % 23, i + 1]);
    const list = sorted(entries);
    const sample = { figures: Float64Array.from(list, (e) => e[0]), userIds: Int32Array.from(list, (e) => e[1]) };
    for (const probe of [...entries, [100, 1], [-1, 5], [7, 0], [7, 1000]] as Entry[]) {
      expect(placesAhead(sample, probe[0], asUserId(probe[1]))).toBe(entries.filter((e) => before(e, probe)).length);
    }
  });
});

/**
 * A board in memory answering the three statements as the database would, counting the calls;
 * `hold` keeps the next samples waiting until released.
 */
function fakeBoard(entries: Entry[]) {
  const board = { entries, calls: { ahead: 0, between: 0, samples: 0 }, chunks: 0, hold: undefined as Promise<void> | undefined };
  const db = {
    execute: async (statement: { kind: string; run: () => unknown[] }) => {
      // A sample is counted once, at its first chunk.
      if (statement.kind === 'chunk') board.chunks++;
      else board.calls[statement.kind as keyof typeof board.calls]++;
      if ((statement.kind === 'samples' || statement.kind === 'chunk') && board.hold) await board.hold;
      return { rows: statement.run() };
    },
  } as unknown as Db;
  const statements = (me: Entry): RankStatements => {
    const q = (kind: string, run: () => unknown[]) => ({ kind, run }) as unknown as SQL;
    return {
      countAhead: (limit) => q('ahead', () => [{ n: Math.min(limit, board.entries.filter((e) => before(e, me)).length) }]),
      countBetween: (figure, userId) => q('between', () => [{ n: board.entries.filter((e) => before([figure, userId], e) && before(e, me)).length }]),
      sample: (after) =>
        q(after ? 'chunk' : 'samples', () => {
          const chunk = sorted(board.entries).filter((e) => !after || before([after.figure, after.userId], e)).slice(0, SAMPLE_CHUNK);
          const rows = chunk.map(([figure, user_id], place) => ({ figure: String(figure), user_id, place, n: chunk.length }));
          return rows.filter((row) => row.place % SAMPLE_EVERY === 0 || row.place === row.n - 1);
        }),
    };
  };
  const rankOf = (me: Entry) => board.entries.filter((e) => before(e, me)).length + 1;
  return { board, db, statements, rankOf };
}

describe('RankSnapshots', () => {
  // Figures with many ties (as wins have), players in a shuffled order.
  const entries = (n: number): Entry[] => Array.from({ length: n }, (_, i) => [Math.floor(((i * 7919) % n) / 37), i + 1]);

  it('counts near ranks exactly and never takes a sample for them', async () => {
    const { board, db, statements, rankOf } = fakeBoard(entries(3 * EXACT_RANKS));
    const me = sorted(board.entries)[41]!;
    expect(await new RankSnapshots().rank(db, 'k', statements(me), me[0], asUserId(me[1]))).toBe(rankOf(me));
    expect(rankOf(me)).toBe(42);
    expect(board.calls).toEqual({ ahead: 1, between: 0, samples: 0 });
  });

  it('places deep ranks exactly from the sample and a short live count, without counting from the top', async () => {
    const { board, db, statements, rankOf } = fakeBoard(entries(5 * EXACT_RANKS));
    const snapshots = new RankSnapshots(() => 1_000);
    const list = sorted(board.entries);
    for (const place of [EXACT_RANKS + 3, 3 * EXACT_RANKS, 4 * EXACT_RANKS + 57, list.length - 1]) {
      const me = list[place]!;
      expect(await snapshots.rank(db, 'k', statements(me), me[0], asUserId(me[1]))).toBe(place + 1);
      expect(rankOf(me)).toBe(place + 1);
    }
    // Read a chunk at a time (after the first, the rest and an empty one when the board fills the last).
    expect(board.chunks).toBe(Math.ceil((list.length + 1) / SAMPLE_CHUNK) - 1);
    // One sample for them all, taken when the first was counted past the exact ranks; the others
    // (from 2 x EXACT_RANKS down) were placed by the sample and a short count alone.
    expect(board.calls.samples).toBe(1);
    expect(board.calls.ahead).toBe(1);
    expect(board.calls.between).toBe(4);
  });

  it('counts players who moved since the sample between the sampled entry and the viewer', async () => {
    const { board, db, statements, rankOf } = fakeBoard(entries(5 * EXACT_RANKS));
    const snapshots = new RankSnapshots(() => 1_000);
    const me = sorted(board.entries)[4 * EXACT_RANKS + 10]!;
    await snapshots.rank(db, 'k', statements(me), me[0], asUserId(me[1]));
    // Three players climb to just ahead of the viewer (past no sampled entry): the rank follows at once.
    const climbers = sorted(board.entries).slice(-3);
    for (const c of climbers) c[0] = me[0]!;
    for (const c of climbers) c[1] = -c[1]!; // older accounts than the viewer's: ahead on the tie
    expect(await snapshots.rank(db, 'k', statements(me), me[0], asUserId(me[1]))).toBe(rankOf(me));
    expect(board.calls.samples).toBe(1);
  });

  it('takes an old sample again in the background, answering from the old one meanwhile; waits only when it is too old', async () => {
    const { board, db, statements, rankOf } = fakeBoard(entries(5 * EXACT_RANKS));
    let now = 1_000;
    const snapshots = new RankSnapshots(() => now);
    const me = sorted(board.entries)[4 * EXACT_RANKS]!;
    await snapshots.rank(db, 'k', statements(me), me[0], asUserId(me[1]));
    let release!: () => void;
    board.hold = new Promise((resolve) => (release = resolve));
    now += SAMPLE_MAX_AGE_MS + 1;
    // Answered while the new sample is still being taken; two requests start one sample.
    expect(await snapshots.rank(db, 'k', statements(me), me[0], asUserId(me[1]))).toBe(rankOf(me));
    expect(await snapshots.rank(db, 'k', statements(me), me[0], asUserId(me[1]))).toBe(rankOf(me));
    expect(board.calls.samples).toBe(2);
    release();
    board.hold = undefined;
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Past the stale limit, a request waits for a fresh sample.
    now += SAMPLE_STALE_LIMIT_MS + 1;
    let answered = false;
    board.hold = new Promise((resolve) => (release = resolve));
    const pending = snapshots.rank(db, 'k', statements(me), me[0], asUserId(me[1])).then((rank) => ((answered = true), rank));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answered).toBe(false);
    release();
    expect(await pending).toBe(rankOf(me));
    expect(board.calls.samples).toBe(3);
  });

  it("reads one board's sample at a time: another board's waits until the one being read is done", async () => {
    const [a, b] = [fakeBoard(entries(3 * EXACT_RANKS)), fakeBoard(entries(3 * EXACT_RANKS))];
    const snapshots = new RankSnapshots(() => 1_000);
    let release!: () => void;
    a.board.hold = new Promise((resolve) => (release = resolve));
    const deepest = (board: typeof a.board) => sorted(board.entries).at(-1)!;
    const [meA, meB] = [deepest(a.board), deepest(b.board)];
    const ranks = [snapshots.rank(a.db, 'a', a.statements(meA), meA[0], asUserId(meA[1])), snapshots.rank(b.db, 'b', b.statements(meB), meB[0], asUserId(meB[1]))];
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect([a.board.calls.samples, b.board.calls.samples]).toEqual([1, 0]);
    release();
    a.board.hold = undefined;
    expect(await Promise.all(ranks)).toEqual([a.rankOf(meA), b.rankOf(meB)]);
    expect(b.board.calls.samples).toBe(1);
  });

  it('never shows a player counted past the exact ranks above them, whatever an old sample says', async () => {
    const { board, db, statements } = fakeBoard(entries(3 * EXACT_RANKS));
    const snapshots = new RankSnapshots(() => 1_000);
    const me = sorted(board.entries)[EXACT_RANKS + 5]!;
    await snapshots.rank(db, 'k', statements(me), me[0], asUserId(me[1]));
    // Everyone ahead of the first sampled entry now: the sample is out of date.
    const leader: Entry = [1e9, 1];
    expect(await snapshots.rank(db, 'k', statements(leader), leader[0], asUserId(leader[1]))).toBe(1);
    board.entries.push(...Array.from({ length: EXACT_RANKS }, (_, i): Entry => [1e9, 1e6 + i]));
    const risen: Entry = [1e9 - 1, 5];
    board.entries.push(risen);
    expect(await snapshots.rank(db, 'k', statements(risen), risen[0], asUserId(risen[1]))).toBe(EXACT_RANKS + 1);
  });
});
