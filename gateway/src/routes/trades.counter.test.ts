/**
 * Counter-offers: the recipient of a pending trade answers with their own offer, which
 * replaces it in one transaction; the counter is a trade like any other, checked by every rule, and
 * races against an accept or a cancel end in exactly one outcome.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@pog/common';
import { ManualClock } from '@pog/domain/clock';
import { tables } from '@pog/domain/db';
import type { ApiClient } from '../testing/api-client';
import { givePog } from '../testing/battles';
import { setupTitle, TEST_SETUPS } from '../testing/databases';
import { newPlayer } from '../testing/players';
import { connectSocket, recordEvents } from '../testing/sockets';
import { startTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait';
import { asTradeId, type PogId, type TradeId, type UserId } from '@pog/common/schemas/ids';

type Player = { client: ApiClient; id: UserId; username: string; pogs: PogId[] };

describe.each(TEST_SETUPS)('counter-offers', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    const clock = new ManualClock(new Date('2034-04-02T10:00:00Z'));
    beforeAll(async () => {
      app = await startTestApp({ backend: setup.backend, env: setup.env, clock });
    });
    afterAll(async () => {
      await app?.close();
    });
    const db = () => app.runtime.db;

    async function player(pogCount = 2, prefix = 'co'): Promise<Player> {
      const p = await newPlayer(app.url, prefix);
      const pogs: PogId[] = [];
      for (let i = 0; i < pogCount; i++) pogs.push(await givePog(db(), p.id, { name: `${prefix} ${p.id} #${i}` }));
      return { ...p, pogs };
    }
    const offer = (from: Player, to: Player, i = 0, j = 0) => from.client.post('/api/trades', { fromUserId: from.id, toUserId: to.id, offerPogId: from.pogs[i], requestPogId: to.pogs[j] });
    const counter = (by: ApiClient, tradeId: TradeId, offerPogId: PogId, requestPogId: PogId) => by.post(`/api/trades/${tradeId}/counter`, { offerPogId, requestPogId });
    const tradeRow = async (id: TradeId) => (await db().select().from(tables.trades).where(eq(tables.trades.id, id)))[0]!;
    const ownerOf = async (pogId: PogId) => (await db().select({ userId: tables.pogs.userId }).from(tables.pogs).where(eq(tables.pogs.id, pogId)))[0]?.userId;

    it('replaces the offer: the old one ends countered, the counter goes live to the sender, and can be accepted', async () => {
      const a = await player();
      const b = await player();
      const first = (await offer(a, b)).body;
      const aSocket = await connectSocket(app.url, a.client);
      try {
        const created = recordEvents(aSocket, 'trade:created');
        const updated = recordEvents(aSocket, 'trade:updated');
        // b keeps a's POG as what they want, and gives their other POG instead.
        const res = await counter(b.client, first.id, b.pogs[1]!, a.pogs[0]!);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        expect(res.body).toMatchObject({
          fromUserId: b.id,
          toUserId: a.id,
          offerPogId: b.pogs[1],
          requestPogId: a.pogs[0],
          status: 'pending',
          counterOfId: first.id,
          chain: [{ id: first.id, fromUsername: a.username, toUsername: b.username, status: 'countered', offerPogName: `co ${a.id} #0`, requestPogName: `co ${b.id} #0` }],
        });
        expect(await tradeRow(first.id)).toMatchObject({ status: 'countered' });
        // (The first offer's own event may still be on its way to this fresh socket: look for these two.)
        await waitFor(() => created.some((t) => t.id === res.body.id) && updated.some((t) => t.id === first.id), 5000, 'the counter and the countered offer, live');
        expect(created.find((t) => t.id === res.body.id)).toEqual(res.body);
        expect(updated.find((t) => t.id === first.id)).toMatchObject({ status: 'countered' });
        const notes = (await a.client.get('/api/notifications')).body.items;
        expect(notes[0]).toMatchObject({ kind: 'trade.countered', title: 'Counter-offer', body: `${b.username} countered your offer: co ${b.id} #1 for your co ${a.id} #0.` });
        // Both players' lists: only the counter is pending; the countered offer is in the history.
        expect((await a.client.get(`/api/trades/pending/${a.id}`)).body.map((t: { id: number }) => t.id)).toEqual([res.body.id]);
        expect((await b.client.get(`/api/trades/history/${b.id}`)).body.map((t: { id: number; status: string }) => [t.id, t.status])).toEqual([[first.id, 'countered']]);

        const accepted = await a.client.patch(`/api/trades/${res.body.id}/status`, { status: 'accepted' });
        expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
        expect(await ownerOf(a.pogs[0]!)).toBe(b.id);
        expect(await ownerOf(b.pogs[1]!)).toBe(a.id);
        expect(await ownerOf(b.pogs[0]!)).toBe(b.id);
      } finally {
        aSocket.close();
      }
    });

    it('a counter can be countered, rejected or cancelled like any offer, and the chain grows', async () => {
      const a = await player(3);
      const b = await player(3);
      const first = (await offer(a, b)).body;
      const second = (await counter(b.client, first.id, b.pogs[1]!, a.pogs[0]!)).body;
      // a changes what they give, keeps what they want.
      const third = await counter(a.client, second.id, a.pogs[2]!, b.pogs[1]!);
      expect(third.status, JSON.stringify(third.body)).toBe(201);
      expect(third.body.chain.map((l: { id: number; status: string }) => [l.id, l.status])).toEqual([
        [first.id, 'countered'],
        [second.id, 'countered'],
      ]);
      // Its recipient (b) answers it: a reject ends the negotiation.
      const rejected = await b.client.patch(`/api/trades/${third.body.id}/status`, { status: 'rejected' });
      expect(rejected.body).toMatchObject({ status: 'rejected' });
      // Another chain, ended by its sender.
      const again = (await offer(a, b, 1, 2)).body;
      const countered = (await counter(b.client, again.id, b.pogs[0]!, a.pogs[1]!)).body;
      expect((await b.client.post(`/api/trades/${countered.id}/cancel`, { userId: b.id })).body).toMatchObject({ status: 'cancelled' });
      expect(await ownerOf(a.pogs[1]!)).toBe(a.id);
    });

    it('lets only the recipient counter, only a pending offer, and only with a change', async () => {
      const a = await player();
      const b = await player();
      const c = await player();
      const trade = (await offer(a, b)).body;
      const bySender = await counter(a.client, trade.id, a.pogs[1]!, b.pogs[0]!);
      expect(bySender.status).toBe(403);
      expect(bySender.body.message).toBe('Only the player who received this offer can counter it.');
      expect((await counter(c.client, trade.id, c.pogs[0]!, a.pogs[0]!)).status).toBe(403);
      const same = await counter(b.client, trade.id, b.pogs[0]!, a.pogs[0]!);
      expect(same.status).toBe(400);
      expect(same.body.message).toBe('A counter-offer must change at least one POG. To take this trade as it is, accept it.');
      expect((await counter(b.client, asTradeId(999_999_999), b.pogs[0]!, a.pogs[0]!)).status).toBe(404);
      expect((await b.client.post(`/api/trades/${trade.id}/counter`, { offerPogId: 'x' })).status).toBe(400);
      await b.client.patch(`/api/trades/${trade.id}/status`, { status: 'rejected' });
      const late = await counter(b.client, trade.id, b.pogs[1]!, a.pogs[0]!);
      expect(late.status).toBe(409);
      expect(late.body.message).toBe('This trade is no longer pending: it was rejected.');
    });

    it('checks every rule of an offer again, and a refused counter leaves the offer pending', async () => {
      const a = await player(3);
      const b = await player(3);
      const c = await player(1);
      const trade = (await offer(a, b)).body;
      const refused = async (offerPogId: PogId, requestPogId: PogId, status: number, message: RegExp) => {
        const res = await counter(b.client, trade.id, offerPogId, requestPogId);
        expect(res.status, JSON.stringify(res.body)).toBe(status);
        expect(res.body.message).toMatch(message);
        expect(await tradeRow(trade.id)).toMatchObject({ status: 'pending' });
      };
      // Ownership: b can give only their own POG, and ask only for a POG of a's.
      await refused(a.pogs[1]!, a.pogs[0]!, 403, /^You can only offer a POG you own\.$/);
      await refused(b.pogs[1]!, c.pogs[0]!, 409, /no longer belongs to/);
      // Cooldowns and supply, on either POG.
      await db().update(tables.pogs).set({ cooldownUntil: new Date(clock.now().getTime() + 3600_000) }).where(eq(tables.pogs.id, a.pogs[1]!));
      await refused(b.pogs[0]!, a.pogs[1]!, 429, /is on cooldown for 1h more\.$/);
      await db().update(tables.pogs).set({ tradesRemaining: 0 }).where(eq(tables.pogs.id, b.pogs[2]!));
      await refused(b.pogs[2]!, a.pogs[0]!, 409, /has no trades left: its trade supply is used up\.$/);
      // A POG risked in an accepted battle.
      const battle = (await b.client.post('/api/battles', { challengerId: b.id, defenderId: c.id, challengerPogId: b.pogs[1], battleType: 'standard' })).body;
      expect((await c.client.post(`/api/battles/${battle.id}/accept`, { defenderPogId: c.pogs[0] })).status).toBe(200);
      await refused(b.pogs[1]!, a.pogs[0]!, 409, /is risked in a battle that is about to be decided/);
      // A banned sender can no longer receive the counter.
      await db().update(tables.users).set({ isBanned: true, banReason: 'test' }).where(eq(tables.users.id, a.id));
      await refused(b.pogs[0]!, a.pogs[2]!, 403, /is banned and cannot receive trade offers/);
      await db().update(tables.users).set({ isBanned: false, banReason: null }).where(eq(tables.users.id, a.id));
      expect((await counter(b.client, trade.id, b.pogs[0]!, a.pogs[2]!)).status).toBe(201);
    });

    it("counts against the counterer's daily limit of offers", async () => {
      clock.set(new Date('2034-04-03T09:00:00Z'));
      const a = await player(1, 'lima');
      const b = await player(1, 'limb');
      const trade = (await offer(a, b)).body;
      // b sends their whole day's offers elsewhere first.
      const others = await Promise.all(Array.from({ length: LIMITS.dailyTradeLimit }, () => player(1, 'limo')));
      for (const other of others) expect((await b.client.post('/api/trades', { fromUserId: b.id, toUserId: other.id, offerPogId: b.pogs[0], requestPogId: other.pogs[0] })).status).toBe(201);
      const over = await counter(b.client, trade.id, b.pogs[0]!, a.pogs[0]!);
      // The unchanged-counter check comes first; change the requested POG by giving a another one.
      expect(over.status).toBe(400);
      const extra = await givePog(db(), a.id);
      const limited = await counter(b.client, trade.id, b.pogs[0]!, extra);
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('DAILY_LIMIT');
      expect(await tradeRow(trade.id)).toMatchObject({ status: 'pending' });
    });

    // PGlite is one connection, so races only mean something on the server.
    if (setup.backend === 'postgres') describe('races on the real PostgreSQL server', () => {
      it('a counter racing an accept, or a cancel, ends in exactly one outcome', async () => {
        const tally = { counter: 0, accept: 0, cancel: 0 };
        for (let round = 0; round < 12; round++) {
          const a = await player();
          const b = await player();
          const trade = (await offer(a, b)).body;
          const againstCancel = round % 2 === 1;
          const [countered, other] = await Promise.all([
            counter(b.client, trade.id, b.pogs[1]!, a.pogs[0]!),
            againstCancel ? a.client.post(`/api/trades/${trade.id}/cancel`, { userId: a.id }) : b.client.clone().patch(`/api/trades/${trade.id}/status`, { status: 'accepted' }),
          ]);
          const context = `round ${round}: counter ${countered.status} ${JSON.stringify(countered.body.message)}, other ${other.status} ${JSON.stringify(other.body.message)}`;
          expect([countered.status, other.status].sort(), context).toEqual(countered.status === 201 ? [201, 409] : [200, 409]);
          const row = await tradeRow(trade.id);
          const counters = await db().select().from(tables.trades).where(eq(tables.trades.counterOf, trade.id));
          if (countered.status === 201) {
            tally.counter++;
            expect(row.status).toBe('countered');
            expect(counters).toHaveLength(1);
            expect(other.body.message).toBe('This trade is no longer pending: it was countered.');
            expect(await ownerOf(a.pogs[0]!)).toBe(a.id);
          } else {
            if (againstCancel) tally.cancel++;
            else tally.accept++;
            expect(row.status).toBe(againstCancel ? 'cancelled' : 'accepted');
            expect(counters).toHaveLength(0);
            expect(countered.body.message).toBe(`This trade is no longer pending: it was ${row.status}.`);
            expect(await ownerOf(a.pogs[0]!)).toBe(againstCancel ? a.id : b.id);
          }
        }
        console.info(`[counter race] 12 rounds: counter won ${tally.counter}, accept won ${tally.accept}, cancel won ${tally.cancel}`);
      }, 120_000);
    });
  });
});
