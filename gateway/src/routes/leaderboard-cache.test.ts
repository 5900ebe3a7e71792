/**
 * The leaderboard pages a gateway keeps (LEADERBOARD_CACHE_MS; off in the other tests, which change
 * standings straight in the database): a kept page is served as it was until an event that changes
 * the standings drops it, so the refresh that event tells open boards to make reads the change;
 * the viewer's own rank is never taken from a kept page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Leaderboard } from '@pog/common';
import { ApiClient } from '../testing/api-client';
import { givePog } from '../testing/battles';
import { setupTitle, TEST_SETUPS } from '../testing/databases';
import { newPlayer } from '../testing/players';
import { connectSocket } from '../testing/sockets';
import { startTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait';

// PostgreSQL when there is one (the shape that runs with the cache on), else PGlite.
const setup = TEST_SETUPS.find((s) => s.backend === 'postgres' && !s.skipReason) ?? TEST_SETUPS[0]!;

describe(`leaderboard pages kept by the gateway (${setupTitle(setup)})`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ backend: setup.backend, env: { ...setup.env, LEADERBOARD_CACHE_MS: '60000' }, ownDatabase: true });
  });
  afterAll(async () => {
    await app?.close();
  });
  const board = async (client: ApiClient, query: string): Promise<Leaderboard> => {
    const res = await client.get(`/api/leaderboard?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Leaderboard;
  };

  it('serves a kept page until a completed trade drops it, and counts the own rank live meanwhile', async () => {
    const db = app.runtime.db;
    const visitor = new ApiClient(app.url);
    const base = ((await board(visitor, 'board=value&period=all')).entries[0]?.value ?? 0) + 10_000;
    const a = await newPlayer(app.url, 'kca');
    const b = await newPlayer(app.url, 'kcb');
    const aPog = await givePog(db, a.id, { points: base });
    const bPog = await givePog(db, b.id, { points: base - 1 });
    // POGs given straight in the database send no event: the page read before them is still served.
    expect((await board(visitor, 'board=value&period=all')).entries[0]?.userId).not.toBe(a.id);
    // The page is read again once dropped; a visitor reading it keeps it.
    app.runtime.context!.leaderboards.pages.clear();
    expect((await board(visitor, 'board=value&period=all')).entries.slice(0, 2).map((e) => e.userId)).toEqual([a.id, b.id]);

    const c = await newPlayer(app.url, 'kcc');
    await givePog(db, c.id, { points: base + 500 });
    const kept = await board(c.client, 'board=value&period=all');
    expect(kept.entries[0]!.userId).toBe(a.id);
    // Their own place is counted at the time, kept page or not.
    expect(kept.me).toMatchObject({ userId: c.id, rank: 1, value: base + 500 });

    // A completed trade: the gateway drops its pages as the event passes, before open boards refetch.
    const watcher = await connectSocket(app.url, c.client);
    try {
      let signals = 0;
      watcher.on('leaderboard:changed', () => signals++);
      const offer = await a.client.post('/api/trades', { fromUserId: a.id, toUserId: b.id, offerPogId: aPog, requestPogId: bPog });
      expect(offer.status, JSON.stringify(offer.body)).toBe(201);
      expect((await b.client.patch(`/api/trades/${offer.body.id}/status`, { status: 'accepted' })).status).toBe(200);
      await waitFor(() => signals > 0, 5000, 'leaderboard:changed');
    } finally {
      watcher.close();
    }
    const fresh = await board(visitor, 'board=value&period=all');
    expect(fresh.entries.slice(0, 3).map((e) => [e.userId, e.value])).toEqual([
      [c.id, base + 500],
      [b.id, base],
      [a.id, base - 1],
    ]);
  });
});
