import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@pog/common';
import { ManualClock } from '@pog/domain/clock';
import { tables, type Db } from '@pog/domain/db';
import { newAdmin } from '../testing/admins';
import { ApiClient, type ApiResponse } from '../testing/api-client';
import { givePog } from '../testing/battles';
import { setupTitle, TEST_SETUPS, uniqueName } from '../testing/databases';
import { newPlayer, pogDesign } from '../testing/players';
import { loopUntilRefused } from '../testing/search-loop';
import { startTestApp, type TestApp } from '../testing/test-app';

type Player = Awaited<ReturnType<typeof newPlayer>>;
type Listed = { id: number; username: string; pogCount: number };

describe.each(TEST_SETUPS)('Players API', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    let db: Db;
    const clock = new ManualClock(new Date('2030-03-01T00:05:00Z'));
    beforeAll(async () => {
      app = await startTestApp({ backend: setup.backend, env: setup.env, clock });
      db = app.runtime.db;
    });
    afterAll(async () => {
      await app?.close();
    });
    const guest = () => new ApiClient(app.url);

    /** What the lists say each player holds, against a count of the POG table itself. */
    async function expectCountsTrue(players: Player[]): Promise<number[]> {
      const held: number[] = [];
      for (const p of players) {
        const [truth] = await db.select({ n: sql<number>`count(*)::int` }).from(tables.pogs).where(eq(tables.pogs.userId, p.id));
        const profile = (await guest().get(`/api/users/${p.id}`)).body as Listed;
        const listed = (await guest().get(`/api/users?id=${p.id}`)).body as Listed[];
        expect(profile.pogCount, p.username).toBe(truth!.n);
        expect(listed.map((u) => u.pogCount), p.username).toEqual([truth!.n]);
        held.push(truth!.n);
      }
      return held;
    }

    async function create(p: Player): Promise<number> {
      const res = await p.client.post('/api/pogs', pogDesign(p.id));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      clock.advance((LIMITS.creationCooldownSeconds + 1) * 1000);
      return res.body.id as number;
    }

    it('keeps POGs held right through creations, deletions, trades, battles and moderation', async () => {
      const [a, b] = [await newPlayer(app.url, 'cnt'), await newPlayer(app.url, 'cnt')];
      expect(await expectCountsTrue([a, b])).toEqual([0, 0]);

      const [a1, a2, a3] = [await create(a), await create(a), await create(a)];
      const b1 = await create(b);
      expect(await expectCountsTrue([a, b])).toEqual([3, 1]);

      // The owner deletes one.
      expect((await a.client.delete(`/api/pogs/${a3}`)).status).toBe(204);
      expect(await expectCountsTrue([a, b])).toEqual([2, 1]);

      // A trade: one for one, nobody's count moves.
      const offer = await a.client.post('/api/trades', { fromUserId: a.id, toUserId: b.id, offerPogId: a1, requestPogId: b1 });
      expect(offer.status, JSON.stringify(offer.body)).toBe(201);
      expect((await b.client.patch(`/api/trades/${offer.body.id}/status`, { status: 'accepted' })).status).toBe(200);
      expect(await expectCountsTrue([a, b])).toEqual([2, 1]);

      // A battle: the winner takes the loser's POG.
      const bPog = await givePog(db, b.id);
      expect(await expectCountsTrue([a, b])).toEqual([2, 2]);
      const challenge = await a.client.post('/api/battles', { challengerId: a.id, defenderId: b.id, challengerPogId: a2, battleType: 'flip' });
      expect(challenge.status, JSON.stringify(challenge.body)).toBe(201);
      expect((await b.client.post(`/api/battles/${challenge.body.id}/accept`, { defenderPogId: bPog })).status).toBe(200);
      const done = await a.client.post(`/api/battles/${challenge.body.id}/complete`, {});
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      const aWon = done.body.winnerId === a.id;
      expect(await expectCountsTrue([a, b])).toEqual(aWon ? [3, 1] : [1, 3]);

      // Moderation: a rejected POG is still held; an admin's deletion takes it away.
      const admin = await newAdmin(app.url);
      const [target] = (await a.client.get(`/api/users/${a.id}/pogs`)).body as Array<{ id: number }>;
      expect((await admin.put(`/api/admin/pogs/${target!.id}/moderate`, { isApproved: false, isFlagged: true })).status).toBe(200);
      expect(await expectCountsTrue([a, b])).toEqual(aWon ? [3, 1] : [1, 3]);
      expect((await admin.delete(`/api/admin/pogs/${target!.id}`)).status).toBe(204);
      expect(await expectCountsTrue([a, b])).toEqual(aWon ? [2, 1] : [0, 3]);
    });

    it('pages through players in username order, and finds them by username or display name', async () => {
      const tag = uniqueName('pg').toLowerCase();
      const made: Player[] = [];
      for (let i = 0; i < 5; i++) made.push(await newPlayer(app.url, `${tag}${i}`));
      const seen: Listed[] = [];
      let cursor: string | null = null;
      do {
        const res: ApiResponse = await guest().get(`/api/users?search=${tag}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.status).toBe(200);
        expect((res.body as Listed[]).length).toBeLessThanOrEqual(2);
        seen.push(...(res.body as Listed[]));
        cursor = res.headers.get('x-next-cursor');
      } while (cursor);
      expect(seen.map((u) => u.id)).toEqual([...made].sort((x, y) => x.username.toLowerCase().localeCompare(y.username.toLowerCase())).map((p) => p.id));

      // Case-insensitive, anywhere in the name; an @ in front is the username's.
      const one = made[3]!;
      for (const term of [one.username.toUpperCase(), `@${one.username}`, one.username.slice(2)]) {
        expect(((await guest().get(`/api/users?search=${encodeURIComponent(term)}`)).body as Listed[]).map((u) => u.id), term).toContain(one.id);
      }
      // LIKE's wildcards are plain characters.
      expect((await guest().get(`/api/users?search=${tag}%25`)).body).toEqual([]);
    });

    it('lists only players holding POGs when asked, and never more than a page', async () => {
      const [empty, holder] = [await newPlayer(app.url, 'hold'), await newPlayer(app.url, 'hold')];
      await givePog(db, holder.id);
      const holding = async (p: Player) => ((await guest().get(`/api/users?holding=1&id=${p.id}`)).body as Listed[]).map((u) => u.id);
      expect(await holding(empty)).toEqual([]);
      expect(await holding(holder)).toEqual([holder.id]);
      expect(((await guest().get('/api/users?limit=100')).body as Listed[]).length).toBeLessThanOrEqual(100);
      expect(((await guest().get('/api/users')).body as Listed[]).length).toBeLessThanOrEqual(50);
    });

    it('refuses a client looping on player search with 429 and Retry-After, on Explore too, and still lists players', async () => {
      const looper = (await newPlayer(app.url, 'loop')).client;
      await loopUntilRefused(looper, (i) => `/api/users?holding=1&search=z${i}`);
      // One allowance for both searches: the loop cannot go on in Explore's.
      expect((await looper.get('/api/pogs?search=z')).status).toBe(429);
      expect((await looper.get('/api/users?holding=1')).status).toBe(200);
      const other = (await newPlayer(app.url, 'other')).client;
      expect((await other.get('/api/users?search=z')).status).toBe(200);
    });

    it('refuses bad list queries with 400', async () => {
      for (const q of ['limit=0', 'limit=101', 'limit=x', 'holding=yes', 'id=0', 'id=abc', 'cursor=not-a-cursor', `search=${'x'.repeat(51)}`]) {
        const res = await guest().get(`/api/users?${q}`);
        expect(res.status, q).toBe(400);
        expect(res.body.code, q).toBe('VALIDATION_ERROR');
      }
    });
  });
});
