/**
 * The weekly arena over HTTP: a battle completed through the API scores 2 for its winner, who sees
 * their own place with the time left; a visitor sees the board without one; the next week shows
 * last week's winners and the winner's badge; a bad page is 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArenaBadges, ArenaBoard } from '@pog/common';
import { ManualClock } from '@pog/domain/clock';
import { ApiClient } from '../testing/api-client';
import { givePog } from '../testing/battles';
import { setupTitle, TEST_SETUPS } from '../testing/databases';
import { newPlayer } from '../testing/players';
import { startTestApp, type TestApp } from '../testing/test-app';
import type { UserId } from '@pog/common/schemas/ids';

describe.each(TEST_SETUPS)('the weekly arena API', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    // A Wednesday noon: the arena began on Monday 2036-01-07 and ends on Monday 2036-01-14.
    const clock = new ManualClock(new Date('2036-01-09T12:00:00Z'));
    beforeAll(async () => {
      // Absolute places: a database of its own.
      app = await startTestApp({ backend: setup.backend, env: setup.env, clock, ownDatabase: true });
    });
    afterAll(async () => {
      await app?.close();
    });
    const arena = async (client: ApiClient, query = ''): Promise<ArenaBoard> => {
      const res = await client.get(`/api/arena${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as ArenaBoard;
    };

    it('answers the board with the own place, the time left, and then last week\'s winners and badges', async () => {
      const a = await newPlayer(app.url, 'ara');
      const b = await newPlayer(app.url, 'arb');
      const [aPog, bPog] = [await givePog(app.runtime.db, a.id), await givePog(app.runtime.db, b.id)];
      const created = await a.client.post('/api/battles', { challengerId: a.id, defenderId: b.id, challengerPogId: aPog, battleType: 'standard' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect((await b.client.post(`/api/battles/${created.body.id}/accept`, { defenderPogId: bPog })).status).toBe(200);
      const done = await a.client.post(`/api/battles/${created.body.id}/complete`, {});
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      const winnerId = (done.body as { winnerId: UserId }).winnerId;
      const [winner, loser] = winnerId === a.id ? [a, b] : [b, a];

      const mine = await arena(winner.client);
      expect(mine).toMatchObject({ weekStart: '2036-01-07', endsAt: '2036-01-14T00:00:00.000Z', secondsLeft: 4 * 86_400 + 12 * 3600, page: 1, hasMore: false });
      // The setups on PGlite share one database: the board may hold another setup's players too.
      const place = mine.entries.findIndex((e) => e.userId === winner.id);
      expect(mine.entries[place]).toEqual(expect.objectContaining({ rank: place + 1, username: winner.username, points: 2, wins: 1, battles: 1, streak: 1, lastBattleId: created.body.id }));
      expect(mine.entries.some((e) => e.userId === loser.id)).toBe(false);
      expect(mine.me).toMatchObject({ rank: place + 1, userId: winner.id, points: 2 });
      expect((await arena(loser.client)).me).toBeNull();
      expect((await arena(new ApiClient(app.url))).me).toBeNull();
      expect(mine.lastWeek).toEqual({ weekStart: '2035-12-31', winners: [] });

      // Next Monday: a new, empty arena; last week's winner is listed and wears the badge.
      clock.set(new Date('2036-01-14T00:00:00Z'));
      const next = await arena(new ApiClient(app.url));
      expect(next).toMatchObject({ weekStart: '2036-01-14', secondsLeft: 7 * 86_400, me: null });
      expect(next.lastWeek.winners).toContainEqual(expect.objectContaining({ rank: place + 1, userId: winner.id, points: 2 }));
      const badges = await new ApiClient(app.url).get(`/api/arena/badges/${winner.id}`);
      expect(badges.status).toBe(200);
      expect(badges.body as ArenaBadges).toEqual({ badges: [{ weekStart: '2036-01-07', place: place + 1 }] });
      expect(((await new ApiClient(app.url).get(`/api/arena/badges/${loser.id}`)).body as ArenaBadges).badges).toEqual([]);
    });

    it('refuses a page that is not one', async () => {
      const visitor = new ApiClient(app.url);
      for (const query of ['?page=0', '?page=41', '?page=x']) {
        const res = await visitor.get(`/api/arena${query}`);
        expect(res.status, query).toBe(400);
        expect(res.body.code).toBe('VALIDATION_ERROR');
      }
      expect((await visitor.get('/api/arena/badges/abc')).status).toBe(400);
    });
  });
});
