/**
 * Have and Want over HTTP and Socket.IO: marks and their refusals; the Matches panel's order (two-way
 * before one-way, then points balance); a POG that cannot be offered now (cooldown, supply used up,
 * risked in an accepted battle, hidden by reports) is never suggested, and is once it can be; a
 * suggested pair is an offer the server accepts; a match shows up live when a POG is marked, and a
 * POG that changes hands loses its mark and tells who wants it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARK_LIMITS, type Marks, type Match, type Matches } from '@pog/common';
import { ManualClock } from '@pog/domain/clock';
import { ApiClient } from '../testing/api-client';
import { givePog } from '../testing/battles';
import { setupTitle, TEST_SETUPS } from '../testing/databases';
import { newPlayer } from '../testing/players';
import { connectSocket, recordEvents } from '../testing/sockets';
import { startTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait';
import type { PogId } from '@pog/common/schemas/ids';

describe.each(TEST_SETUPS)('Have and Want', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    const clock = new ManualClock(new Date('2036-03-04T12:00:00Z'));
    beforeAll(async () => {
      app = await startTestApp({ backend: setup.backend, env: setup.env, clock });
    });
    afterAll(async () => {
      await app?.close();
    });

    const player = (prefix: string) => newPlayer(app.url, prefix);
    const pog = (userId: number, points: number, overrides: Parameters<typeof givePog>[2] = {}) => givePog(app.runtime.db, userId, { points, name: `P${points}`, ...overrides });
    const mark = async (client: ApiClient, id: PogId, list: 'want' | 'have', marked = true): Promise<Marks> => {
      const res = await client.put(`/api/marks/${id}`, { list, marked });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as Marks;
    };
    const matches = async (client: ApiClient): Promise<Match[]> => {
      const res = await client.get('/api/matches');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body as Matches).matches;
    };

    it('marks POGs as wanted or up for trade, and refuses what may not be marked', async () => {
      const a = await player('hwa');
      const b = await player('hwb');
      const [mine, theirs] = [await pog(a.id, 100), await pog(b.id, 100)];
      expect(await mark(a.client, theirs, 'want')).toEqual({ wants: [theirs], haves: [] });
      expect(await mark(a.client, mine, 'have')).toEqual({ wants: [theirs], haves: [mine] });
      // Marking twice changes nothing.
      expect(await mark(a.client, mine, 'have')).toEqual({ wants: [theirs], haves: [mine] });
      expect((await a.client.get('/api/marks')).body).toEqual({ wants: [theirs], haves: [mine] });

      expect((await a.client.put(`/api/marks/${mine}`, { list: 'want', marked: true })).status).toBe(400);
      expect((await a.client.put(`/api/marks/${theirs}`, { list: 'have', marked: true })).status).toBe(403);
      expect((await a.client.put(`/api/marks/999999999`, { list: 'want', marked: true })).status).toBe(404);
      expect((await a.client.put(`/api/marks/${theirs}`, { list: 'wish', marked: true })).status).toBe(400);
      expect((await new ApiClient(app.url).put(`/api/marks/${theirs}`, { list: 'want', marked: true })).status).toBe(401);
      expect((await new ApiClient(app.url).get('/api/matches')).status).toBe(401);

      expect(await mark(a.client, theirs, 'want', false)).toEqual({ wants: [], haves: [mine] });
      expect(await mark(a.client, mine, 'have', false)).toEqual({ wants: [], haves: [] });
    });

    it(`takes ${MARK_LIMITS.changesPerMinute} changes of a player's marks a minute, then 429 with Retry-After; others' marks go on`, async () => {
      const [a, b, c] = [await player('hwf'), await player('hwg'), await player('hwh')];
      const theirs = await pog(b.id, 100);
      const toggles = Array.from({ length: MARK_LIMITS.changesPerMinute }, (_, n) => a.client.put(`/api/marks/${theirs}`, { list: 'want', marked: n % 2 === 0 }));
      expect((await Promise.all(toggles)).map((res) => res.status)).toEqual(Array(MARK_LIMITS.changesPerMinute).fill(200));
      const refused = await a.client.put(`/api/marks/${theirs}`, { list: 'want', marked: true });
      expect([refused.status, refused.body]).toEqual([
        429,
        { code: 'RATE_LIMITED', message: `You have changed your marks ${MARK_LIMITS.changesPerMinute} times in the last minute. Please wait a moment and try again.` },
      ]);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect(await mark(c.client, theirs, 'want')).toEqual({ wants: [theirs], haves: [] });
    });

    it('lists two-way matches first, then by points balance, and a suggested pair is an offer the server takes', async () => {
      const me = await player('hwme');
      const [low, high] = [await pog(me.id, 100), await pog(me.id, 300)];
      await mark(me.client, low, 'have');
      await mark(me.client, high, 'have');
      // b: holds what I want and wants my low one (400 apart). d: the same with my high one (10 apart).
      const [b, c, d, e, f] = [await player('hwb'), await player('hwc'), await player('hwd'), await player('hwe'), await player('hwf')];
      const bPog = await pog(b.id, 500);
      const cPog = await pog(c.id, 150);
      const dPog = await pog(d.id, 310);
      const ePog = await pog(e.id, 120);
      for (const id of [bPog, cPog, dPog]) await mark(me.client, id, 'want');
      await mark(b.client, low, 'want');
      await mark(d.client, high, 'want');
      // e wants my low one and has one up for trade (20 apart); f wants it with nothing to give.
      await mark(e.client, low, 'want');
      await mark(e.client, ePog, 'have');
      await mark(f.client, low, 'want');

      const found = await matches(me.client);
      expect(found.map((m) => [m.username, m.kind, m.yourPog?.id ?? null, m.theirPog?.id ?? null, m.balance])).toEqual([
        [d.username, 'both', high, dPog, 10],
        [b.username, 'both', low, bPog, 400],
        [e.username, 'theyWant', low, ePog, 20],
        [c.username, 'theyHave', low, cPog, 50],
        [f.username, 'theyWant', low, null, null],
      ]);
      // The other side sees a one-way match until it puts its POG up for trade too.
      expect((await matches(d.client)).map((m) => [m.userId, m.kind, m.yourPog, m.theirPog?.id])).toEqual([[me.id, 'theyHave', null, high]]);
      await mark(d.client, dPog, 'have');
      expect((await matches(d.client)).map((m) => [m.userId, m.kind, m.yourPog?.id, m.theirPog?.id])).toEqual([[me.id, 'both', dPog, high]]);

      const offer = await me.client.post('/api/trades', { fromUserId: me.id, toUserId: d.id, offerPogId: found[0]!.yourPog!.id, requestPogId: found[0]!.theirPog!.id });
      expect(offer.status, JSON.stringify(offer.body)).toBe(201);
    });

    it('never suggests a POG that cannot be offered now, and does once it can', async () => {
      const me = await player('hwn');
      const mine = await pog(me.id, 100);
      await mark(me.client, mine, 'have');
      const later = new Date(clock.now().getTime() + 3600_000);
      const [cool, spent, hidden, risked, fine] = [await player('hwcool'), await player('hwspent'), await player('hwhid'), await player('hwrisk'), await player('hwok')];
      const wanted = {
        cool: await pog(cool.id, 100, { cooldownUntil: later }),
        spent: await pog(spent.id, 100, { tradesRemaining: 0 }),
        hidden: await pog(hidden.id, 100, { hiddenByReports: true }),
        risked: await pog(risked.id, 100),
        fine: await pog(fine.id, 100),
      };
      for (const id of Object.values(wanted)) await mark(me.client, id, 'want').catch(() => undefined);
      // The hidden one cannot even be marked (it is out of sight); the risked one goes into a battle.
      const opponent = await player('hwopp');
      const opponentPog = await pog(opponent.id, 50);
      const battle = await risked.client.post('/api/battles', { challengerId: risked.id, defenderId: opponent.id, challengerPogId: wanted.risked, battleType: 'standard' });
      expect(battle.status, JSON.stringify(battle.body)).toBe(201);
      expect((await opponent.client.post(`/api/battles/${battle.body.id}/accept`, { defenderPogId: opponentPog })).status).toBe(200);
      // My own POG on cooldown is not offered to who wants it either.
      const coolMine = await pog(me.id, 100, { cooldownUntil: later });
      await mark(me.client, coolMine, 'have');
      const wanter = await player('hwwant');
      await mark(wanter.client, coolMine, 'want');

      const suggested = await matches(me.client);
      expect(suggested.map((m) => m.username)).toEqual([fine.username]);
      expect(suggested.flatMap((m) => [m.yourPog?.id, m.theirPog?.id])).toEqual([mine, wanted.fine]);

      // An hour later both cooldowns are over: those POGs are suggested again.
      clock.set(new Date(later.getTime() + 1000));
      const names = (await matches(me.client)).map((m) => m.username).sort();
      expect(names).toEqual([cool.username, fine.username, wanter.username].sort());
    });

    it('tells both players live when a POG is marked, and who wants a POG once it changes hands', async () => {
      const [a, b, c] = [await player('hwla'), await player('hwlb'), await player('hwlc')];
      const [aPog, bPog] = [await pog(a.id, 100), await pog(b.id, 100)];
      const [aSocket, bSocket, cSocket] = await Promise.all([connectSocket(app.url, a.client), connectSocket(app.url, b.client), connectSocket(app.url, c.client)]);
      try {
        const [aSeen, bSeen, cSeen] = [recordEvents(aSocket, 'matches:changed'), recordEvents(bSocket, 'matches:changed'), recordEvents(cSocket, 'matches:changed')];
        await mark(a.client, aPog, 'have');
        await mark(b.client, aPog, 'want');
        await waitFor(() => aSeen.length >= 1 && bSeen.length >= 1, 10_000, 'both players told of the want');
        expect(aSeen).toContainEqual({ pogId: aPog });
        expect((await matches(a.client)).map((m) => [m.userId, m.kind])).toEqual([[b.id, 'theyWant']]);

        // c wants a's POG too; b trades for it: c is told, the mark is gone, and b no longer wants what b holds.
        await mark(c.client, aPog, 'want');
        const offer = await b.client.post('/api/trades', { fromUserId: b.id, toUserId: a.id, offerPogId: bPog, requestPogId: aPog });
        expect(offer.status).toBe(201);
        const cBefore = cSeen.length;
        expect((await a.client.patch(`/api/trades/${offer.body.id}/status`, { status: 'accepted' })).status).toBe(200);
        await waitFor(() => cSeen.length > cBefore, 10_000, 'the wanter told of the move');
        expect(cSeen.at(-1)).toEqual({ pogId: aPog });
        expect((await a.client.get('/api/marks')).body).toEqual({ wants: [], haves: [] });
        expect(((await b.client.get('/api/marks')).body as Marks).wants).toEqual([]);
        expect(await matches(c.client)).toEqual([]);
      } finally {
        for (const socket of [aSocket, bSocket, cSocket]) socket.close();
      }
    });

    it("releases the marks of a POG a battle moved, and only that POG's, telling who wants it", async () => {
      const [a, b, c] = [await player('hwba'), await player('hwbb'), await player('hwbc')];
      const [aPog, bPog] = [await pog(a.id, 100), await pog(b.id, 100)];
      const cSocket = await connectSocket(app.url, c.client);
      try {
        const cSeen = recordEvents(cSocket, 'matches:changed');
        // Each puts their POG up for trade and wants the other's; c wants both (and is told of each).
        await mark(a.client, aPog, 'have');
        await mark(b.client, bPog, 'have');
        await mark(a.client, bPog, 'want');
        await mark(b.client, aPog, 'want');
        await mark(c.client, aPog, 'want');
        await mark(c.client, bPog, 'want');
        await waitFor(() => cSeen.length >= 2, 10_000, "c told of c's own marks");
        cSeen.splice(0);
        const battle = await a.client.post('/api/battles', { challengerId: a.id, defenderId: b.id, challengerPogId: aPog, battleType: 'standard' });
        expect(battle.status, JSON.stringify(battle.body)).toBe(201);
        expect((await b.client.post(`/api/battles/${battle.body.id}/accept`, { defenderPogId: bPog })).status).toBe(200);
        const done = await a.client.post(`/api/battles/${battle.body.id}/complete`);
        expect(done.status, JSON.stringify(done.body)).toBe(200);
        const [winner, loser, prize, kept] = done.body.winnerId === a.id ? [a, b, bPog, aPog] : [b, a, aPog, bPog];
        await waitFor(() => cSeen.some((e) => e.pogId === prize), 10_000, 'the wanter told of the move');
        expect(cSeen.some((e) => e.pogId === kept)).toBe(false);
        // The prize's mark (the loser's) and the winner's want of it are gone; the kept POG's stay.
        expect((await winner.client.get('/api/marks')).body).toEqual({ wants: [], haves: [kept] });
        expect((await loser.client.get('/api/marks')).body).toEqual({ wants: [kept], haves: [] });
        expect(((await c.client.get('/api/marks')).body as Marks).wants).toEqual([aPog, bPog].sort((x, y) => x - y));
      } finally {
        cSocket.close();
      }
    });
  });
});
