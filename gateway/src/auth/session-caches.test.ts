/**
 * The gateway's cached sessions and users: kept until a change is announced, read again at once
 * after it, and never kept from a read that a change overtook (the read may predate the change).
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '@pog/domain/clock';
import type { Db } from '@pog/domain/db';
import { asUserId } from '@pog/common/schemas/ids';
import type { InvalidationBus, InvalidationMessage } from '../cluster/invalidation';
import { CACHE_TTL_MS } from './cache-lifetime';
import { hashToken, SessionStore } from './session-store';
import { UserCache } from './user-cache';

/** A database answering every statement with `answer()`, counting them; `hold` keeps the next answers waiting. */
function fakeDb(answer: () => unknown[]) {
  const state = { reads: 0, hold: undefined as Promise<void> | undefined };
  const client = {
    query: async () => {
      state.reads++;
      const rows = answer();
      if (state.hold) await state.hold;
      return { rows };
    },
  };
  return { state, db: { session: { client } } as unknown as Db };
}

function fakeBus() {
  const handlers: Array<(message: InvalidationMessage) => void> = [];
  const bus = { subscribe: (handler: (message: InvalidationMessage) => void) => void handlers.push(handler) } as unknown as InvalidationBus;
  return { bus, deliver: (message: InvalidationMessage) => handlers.forEach((handler) => handler(message)) };
}

/** Starts `read`, makes `change` while its answer is on its way (read before the change), and gives what it answered. */
async function overtaken<T>(state: { hold?: Promise<void> }, read: () => Promise<T>, change: () => void): Promise<T> {
  let release!: () => void;
  state.hold = new Promise<void>((resolve) => (release = resolve));
  const reading = read();
  await Promise.resolve();
  change();
  release();
  const answer = await reading;
  state.hold = undefined;
  return answer;
}

describe('UserCache', () => {
  const id = asUserId(7);
  const setup = () => {
    const user = { id, username: 'ann', isBanned: false };
    const { state, db } = fakeDb(() => [{ ...user }]);
    const { bus, deliver } = fakeBus();
    const clock = new ManualClock(1_000);
    return { user, state, deliver, clock, cache: new UserCache(db, clock, bus) };
  };

  it('keeps a row until its user changes, then reads it again at once', async () => {
    const { user, state, deliver, cache } = setup();
    expect((await cache.get(id))?.isBanned).toBe(false);
    expect((await cache.get(id))?.isBanned).toBe(false);
    expect(state.reads).toBe(1);
    user.isBanned = true;
    deliver({ type: 'user', userId: asUserId(8) });
    expect((await cache.get(id))?.isBanned).toBe(false);
    deliver({ type: 'user', userId: id });
    expect((await cache.get(id))?.isBanned).toBe(true);
    expect(state.reads).toBe(2);
  });

  it('does not keep a row whose read a change overtook', async () => {
    const { user, state, deliver, cache } = setup();
    // The ban commits and is announced while the row from before it is on its way.
    const read = await overtaken(state, () => cache.get(id), () => {
      user.isBanned = true;
      deliver({ type: 'user', userId: id });
    });
    expect(read?.isBanned).toBe(false);
    expect((await cache.get(id))?.isBanned).toBe(true);
    expect(state.reads).toBe(2);
  });

  it('reads a row again once its time is up, at most CACHE_TTL_MS after it was read', async () => {
    const { state, clock, cache } = setup();
    await cache.get(id);
    clock.advance(CACHE_TTL_MS / 2 - 1);
    await cache.get(id);
    expect(state.reads).toBe(1);
    clock.advance(CACHE_TTL_MS / 2 + 1);
    await cache.get(id);
    expect(state.reads).toBe(2);
  });
});

describe('SessionStore', () => {
  const token = 'the-session-token';
  const setup = () => {
    const session = { tokenHash: hashToken(token), userId: 7, data: { userId: 7 } as Record<string, unknown>, lastSeenAt: new Date(1_000) };
    const found = { rows: [session] as unknown[] };
    const { state, db } = fakeDb(() => found.rows);
    const { bus, deliver } = fakeBus();
    return { found, state, deliver, store: new SessionStore(db, new ManualClock(1_000), bus) };
  };

  it('keeps a session until it ends or its user changes, then reads it again at once', async () => {
    const { found, state, deliver, store } = setup();
    expect(await store.get(token)).toEqual({ userId: 7 });
    expect(await store.get(token)).toEqual({ userId: 7 });
    expect(state.reads).toBe(1);
    deliver({ type: 'user', userId: asUserId(7) });
    expect(await store.get(token)).toEqual({ userId: 7 });
    expect(state.reads).toBe(2);
    found.rows = [];
    deliver({ type: 'session', tokenHash: hashToken(token) });
    expect(await store.get(token)).toBeUndefined();
  });

  it('does not keep a session whose read its end overtook', async () => {
    const { found, state, deliver, store } = setup();
    const read = await overtaken(state, () => store.get(token), () => {
      found.rows = [];
      deliver({ type: 'session', tokenHash: hashToken(token) });
    });
    expect(read).toEqual({ userId: 7 });
    expect(await store.get(token)).toBeUndefined();
  });
});
