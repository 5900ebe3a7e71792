import { describe, expect, it } from 'vitest';
import { createSearchPacer, searchClient } from './search-pacing';
import { asUserId } from '@pog/common/schemas/ids';

/** A clock that moves only when a search works or a rest is waited out. */
function virtualTime() {
  let time = 1_000;
  const log: string[] = [];
  return {
    now: () => time,
    sleep: async (ms: number) => {
      time += ms;
    },
    /** A search that takes `ms` and notes when it started and ended. */
    search: (label: string, ms: number, fail = false) => async () => {
      log.push(`${label} start ${time}`);
      await Promise.resolve();
      time += ms;
      log.push(`${label} end ${time}`);
      if (fail) throw new Error(`${label} failed`);
      return label;
    },
    log,
  };
}

describe('search pacing: one client searches at most a share of the time', () => {
  it('rests a client three times its last search (a quarter of the time) before its next one, and returns what the search returned', async () => {
    const clock = virtualTime();
    const pacer = createSearchPacer({ share: 0.25, now: clock.now, sleep: clock.sleep });
    expect(await pacer.run('ip:1', clock.search('a', 40))).toBe('a');
    expect(await pacer.run('ip:1', clock.search('b', 10))).toBe('b');
    expect(await pacer.run('ip:1', clock.search('c', 10))).toBe('c');
    expect(clock.log).toEqual(['a start 1000', 'a end 1040', 'b start 1160', 'b end 1170', 'c start 1200', 'c end 1210']);
  });

  it('by default keeps a client searching a fifth of the time at most (four times its last search of rest)', async () => {
    const clock = virtualTime();
    const pacer = createSearchPacer({ now: clock.now, sleep: clock.sleep });
    await pacer.run('ip:1', clock.search('a', 15));
    await pacer.run('ip:1', clock.search('b', 15));
    expect(clock.log).toEqual(['a start 1000', 'a end 1015', 'b start 1075', 'b end 1090']);
  });

  it("runs one client's searches one at a time, in the order they came", async () => {
    const clock = virtualTime();
    const pacer = createSearchPacer({ share: 0.5, now: clock.now, sleep: clock.sleep });
    const results = await Promise.all(['a', 'b', 'c'].map((label) => pacer.run('user:7', clock.search(label, 20))));
    expect(results).toEqual(['a', 'b', 'c']);
    expect(clock.log).toEqual(['a start 1000', 'a end 1020', 'b start 1040', 'b end 1060', 'c start 1080', 'c end 1100']);
  });

  it("does not hold another client's search behind a client's rest", async () => {
    const clock = virtualTime();
    const pacer = createSearchPacer({ share: 0.25, now: clock.now, sleep: clock.sleep });
    await pacer.run('ip:1', clock.search('heavy', 100));
    await pacer.run('user:2', clock.search('other', 10));
    expect(clock.log).toEqual(['heavy start 1000', 'heavy end 1100', 'other start 1100', 'other end 1110']);
  });

  it('caps the rest after a very long search', async () => {
    const clock = virtualTime();
    const pacer = createSearchPacer({ share: 0.25, maxRestMs: 500, now: clock.now, sleep: clock.sleep });
    await pacer.run('ip:1', clock.search('slow', 2_000));
    await pacer.run('ip:1', clock.search('next', 1));
    expect(clock.log).toEqual(['slow start 1000', 'slow end 3000', 'next start 3500', 'next end 3501']);
  });

  it("passes a search's error on, and the client's turn goes on after it", async () => {
    const clock = virtualTime();
    const pacer = createSearchPacer({ share: 0.5, now: clock.now, sleep: clock.sleep });
    const failed = pacer.run('ip:1', clock.search('bad', 10, true));
    const next = pacer.run('ip:1', clock.search('good', 10));
    await expect(failed).rejects.toThrow('bad failed');
    expect(await next).toBe('good');
    expect(clock.log).toEqual(['bad start 1000', 'bad end 1010', 'good start 1020', 'good end 1030']);
  });

  it('forgets idle, rested clients once many are remembered', async () => {
    const clock = virtualTime();
    const pacer = createSearchPacer({ share: 0.25, now: clock.now, sleep: clock.sleep });
    for (let i = 0; i < 1_000; i++) await pacer.run(`ip:${i}`, clock.search('s', 1));
    expect(pacer.clients).toBe(1_000);
    await clock.sleep(10);
    await pacer.run('ip:new', clock.search('s', 1));
    expect(pacer.clients).toBe(1);
  });

  it('refuses a share outside (0, 1]', () => {
    expect(() => createSearchPacer({ share: 0 })).toThrow(RangeError);
    expect(() => createSearchPacer({ share: 1.5 })).toThrow(RangeError);
  });

  it("names a signed-in player's turn by the player and a visitor's by the address", () => {
    expect(searchClient(asUserId(42), '10.0.0.1')).toBe('user:42');
    expect(searchClient(undefined, '10.0.0.1')).toBe('ip:10.0.0.1');
  });
});
