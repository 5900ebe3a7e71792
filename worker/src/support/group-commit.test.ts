import { describe, expect, it } from 'vitest';
import type { Settled } from '@pog/domain/settled';
import { GroupCommit } from './group-commit';

/** A settle function that records its groups and answers each item with its double (odd items fail). */
function recorder(gate?: Promise<void>) {
  const groups: number[][] = [];
  let running = 0;
  let peak = 0;
  const settle = async (items: number[]): Promise<Array<Settled<number>>> => {
    groups.push(items);
    running += 1;
    peak = Math.max(peak, running);
    await gate;
    await new Promise((r) => setTimeout(r, 5));
    running -= 1;
    return items.map((n) => (n % 2 === 0 ? { ok: true, value: n * 2 } : { ok: false, error: new Error(`odd ${n}`) }));
  };
  return { groups, settle, peak: () => peak };
}

describe('GroupCommit', () => {
  it('settles a lone item at once, in a group of its own', async () => {
    const r = recorder();
    const commit = new GroupCommit(r.settle, { maxGroup: 10, maxInFlight: 1 });
    await expect(commit.submit(4)).resolves.toBe(8);
    expect(r.groups).toEqual([[4]]);
  });

  it('groups items that arrive together, and gives each caller its own result or error', async () => {
    const r = recorder();
    const commit = new GroupCommit(r.settle, { maxGroup: 10, maxInFlight: 1 });
    const answers = await Promise.allSettled([0, 1, 2, 3].map((n) => commit.submit(n)));
    expect(r.groups).toEqual([[0, 1, 2, 3]]);
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : (a.reason as Error).message))).toEqual([0, 'odd 1', 4, 'odd 3']);
  });

  it('forms the next group from what arrives while one is being settled, never above maxGroup or maxInFlight', async () => {
    let open!: () => void;
    const r = recorder(new Promise<void>((resolve) => (open = resolve)));
    const commit = new GroupCommit(r.settle, { maxGroup: 3, maxInFlight: 1 });
    const first = commit.submit(0);
    await new Promise((resolve) => setImmediate(resolve));
    const rest = [2, 4, 6, 8, 10].map((n) => commit.submit(n));
    open();
    await expect(Promise.all([first, ...rest])).resolves.toEqual([0, 4, 8, 12, 16, 20]);
    expect(r.groups).toEqual([[0], [2, 4, 6], [8, 10]]);
    expect(r.peak()).toBe(1);
  });

  it('runs up to maxInFlight groups at once', async () => {
    let open!: () => void;
    const r = recorder(new Promise<void>((resolve) => (open = resolve)));
    const commit = new GroupCommit(r.settle, { maxGroup: 2, maxInFlight: 2 });
    const all = Promise.all([0, 2, 4, 6, 8, 10].map((n) => commit.submit(n)));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(r.groups).toEqual([[0, 2], [4, 6]]);
    open();
    await all;
    expect(r.peak()).toBe(2);
    expect(r.groups.flat().sort((a, b) => a - b)).toEqual([0, 2, 4, 6, 8, 10]);
  });

  it('fails the whole group when settling throws, and keeps serving later items', async () => {
    let calls = 0;
    const commit = new GroupCommit<number, number>(
      async (items) => {
        calls += 1;
        if (calls === 1) throw new Error('database unavailable');
        return items.map((n) => ({ ok: true, value: n }));
      },
      { maxGroup: 10, maxInFlight: 1 },
    );
    const failed = await Promise.allSettled([1, 2].map((n) => commit.submit(n)));
    expect(failed.map((a) => a.status)).toEqual(['rejected', 'rejected']);
    await expect(commit.submit(3)).resolves.toBe(3);
  });

  it('refuses nonsensical limits', () => {
    expect(() => new GroupCommit(async () => [], { maxGroup: 0, maxInFlight: 1 })).toThrow(RangeError);
    expect(() => new GroupCommit(async () => [], { maxGroup: 1, maxInFlight: 1.5 })).toThrow(RangeError);
  });
});
