import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@pog/common';
import { insertNotification } from '@pog/domain/notifications';
import { ManualClock } from '@pog/domain/clock';
import { tables } from '@pog/domain/db';
import { createPlayer } from '../testing/factories';
import type { ApiClient } from '../testing/api-client';
import { setupTitle, TEST_SETUPS } from '../testing/databases';
import { pogDesign, waitForScore } from '../testing/players';
import { connectSocket, recordEvents } from '../testing/sockets';
import { startTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait';
import type { PogId, UserId } from '@pog/common/schemas/ids';

type Player = { client: ApiClient; id: UserId; username: string };

describe.each(TEST_SETUPS)('trades', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    const clock = new ManualClock(new Date('2032-01-01T01:00:00Z'));
    beforeAll(async () => {
      // This file runs the expiry sweeps, which must not reach other files' data: its own database.
      app = await startTestApp({ backend: setup.backend, env: setup.env, clock, ownDatabase: true });
    });
    afterAll(async () => {
      await app?.close();
    });
    const db = () => app.runtime.db;

    /** A player holding `count` scored POGs (creation cooldowns skipped with the clock). */
    async function playerWithPogs(count = 1, prefix = 't'): Promise<Player & { pogs: PogId[] }> {
      const p = await createPlayer(app, prefix);
      const pogs: PogId[] = [];
      for (let i = 0; i < count; i++) {
        const res = await p.client.post('/api/pogs', pogDesign(p.id, { name: `${prefix} pog ${i}` }));
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        pogs.push(res.body.id);
        clock.advance((LIMITS.creationCooldownSeconds + 1) * 1000);
      }
      for (const id of pogs) await waitForScore(p.client, id);
      return { ...p, pogs };
    }
    const offer = (from: Player & { pogs: number[] }, to: Player & { pogs: number[] }, i = 0, j = 0) =>
      from.client.post('/api/trades', { fromUserId: from.id, toUserId: to.id, offerPogId: from.pogs[i], requestPogId: to.pogs[j] });
    const ownerOf = async (pogId: PogId) => (await db().select({ userId: tables.pogs.userId }).from(tables.pogs).where(eq(tables.pogs.id, pogId)))[0]?.userId;

    it('sends an offer: the full trade, live to the recipient and the sender\'s other tabs, with a notification', async () => {
      const a = await playerWithPogs();
      const b = await playerWithPogs();
      const [bSocket, aOtherTab] = await Promise.all([connectSocket(app.url, b.client), connectSocket(app.url, a.client)]);
      try {
        const seenByB = recordEvents(bSocket, 'trade:created');
        const seenByA = recordEvents(aOtherTab, 'trade:created');
        const res = await offer(a, b);
        expect(res.status).toBe(201);
        expect(res.body).toMatchObject({
          id: expect.any(Number),
          fromUserId: a.id,
          toUserId: b.id,
          offerPogId: a.pogs[0],
          requestPogId: b.pogs[0],
          status: 'pending',
          timeAgo: 'just now',
          fromUser: { id: a.id, username: a.username, avatarColor: expect.any(String) },
          toUser: { id: b.id, username: b.username },
          offerPog: { id: a.pogs[0], userId: a.id },
          requestPog: { id: b.pogs[0], userId: b.id },
        });
        expect(new Date(res.body.expiresAt).getTime() - new Date(res.body.createdAt).getTime()).toBe(7 * 24 * 3600 * 1000);
        await waitFor(() => seenByB.length === 1 && seenByA.length === 1, 5000, 'trade:created on both');
        expect(seenByB[0]).toEqual(res.body);
        const notes = (await b.client.get('/api/notifications')).body.items;
        expect(notes[0]).toMatchObject({ kind: 'trade.offered', title: 'New trade offer' });
        expect((await b.client.get(`/api/trades/pending/${b.id}`)).body.map((t: { id: number }) => t.id)).toEqual([res.body.id]);
        expect((await a.client.get(`/api/trades/pending/${a.id}`)).body.map((t: { id: number }) => t.id)).toEqual([res.body.id]);
      } finally {
        bSocket.close();
        aOtherTab.close();
      }
    });

    it('refuses offers that break a rule, each with a clear message', async () => {
      const a = await playerWithPogs();
      const b = await playerWithPogs(2);
      const c = await playerWithPogs();
      const as = (p: Player, body: object) => p.client.post('/api/trades', body);
      const base = { fromUserId: a.id, toUserId: b.id, offerPogId: a.pogs[0], requestPogId: b.pogs[0] };

      const impostor = await as(c, base);
      expect([impostor.status, impostor.body.code]).toEqual([403, 'FORBIDDEN']);
      const self = await as(a, { ...base, toUserId: a.id, requestPogId: a.pogs[0] });
      expect([self.status, self.body.message]).toEqual([400, 'You cannot trade with yourself.']);
      const notMine = await as(a, { ...base, offerPogId: c.pogs[0] });
      expect([notMine.status, notMine.body.message]).toEqual([403, 'You can only offer a POG you own.']);
      const notTheirs = await as(a, { ...base, requestPogId: c.pogs[0] });
      expect(notTheirs.status).toBe(409);
      expect(notTheirs.body.message).toMatch(/no longer belongs to/);
      const missing = await as(a, { ...base, requestPogId: 999_999_999 });
      expect(missing.status).toBe(404);
      const invalid = await as(a, { ...base, offerPogId: 'one' });
      expect([invalid.status, invalid.body.code]).toEqual([400, 'VALIDATION_ERROR']);

      expect((await as(a, base)).status).toBe(201);
      const twice = await as(a, base);
      expect([twice.status, twice.body.message]).toEqual([409, 'You already offered this trade; it is waiting for an answer.']);

      await db().update(tables.pogs).set({ cooldownUntil: new Date(clock.now().getTime() + 90_000) }).where(eq(tables.pogs.id, b.pogs[1]!));
      const cooling = await as(a, { ...base, requestPogId: b.pogs[1] });
      expect(cooling.status).toBe(429);
      expect(cooling.body.code).toBe('COOLDOWN');
      expect(cooling.body.message).toMatch(/is on cooldown for 2 minutes more\.$/);

      await db().update(tables.pogs).set({ cooldownUntil: null, tradesRemaining: 0 }).where(eq(tables.pogs.id, b.pogs[1]!));
      const spent = await as(a, { ...base, requestPogId: b.pogs[1] });
      expect([spent.status, spent.body.message]).toEqual([409, `t pog 1 has no trades left: its trade supply is used up.`]);

      await db().update(tables.pogs).set({ tradesRemaining: 5, moderationStatus: 'rejected' }).where(eq(tables.pogs.id, b.pogs[1]!));
      const rejected = await as(a, { ...base, requestPogId: b.pogs[1] });
      expect([rejected.status, rejected.body.message]).toEqual([409, 't pog 1 was rejected by a moderator and cannot be traded.']);

      await db().update(tables.users).set({ isBanned: true, banReason: 'test' }).where(eq(tables.users.id, c.id));
      const banned = await as(a, { ...base, toUserId: c.id, requestPogId: c.pogs[0] });
      expect(banned.status).toBe(403);
      expect(banned.body.message).toMatch(/is banned and cannot receive trade offers/);
    });

    it('keeps the daily limit on offers sent', async () => {
      clock.set(new Date('2032-02-01T10:00:00Z'));
      const a = await playerWithPogs(1, 'lim');
      const others = [await playerWithPogs(5, 'x'), await playerWithPogs(5, 'y'), await playerWithPogs(1, 'z')];
      for (const other of others.slice(0, 2)) for (let j = 0; j < 5; j++) expect((await offer(a, other, 0, j)).status).toBe(201);
      const over = await offer(a, others[2]!);
      expect(over.status).toBe(429);
      expect(over.body.code).toBe('DAILY_LIMIT');
      expect(over.body.message).toMatch(/^You've reached your daily limit of 10 trade offers\. You can send more in \d+h( \d+m)? \(at 00:00 UTC\)\.$/);
    });

    it('accepts: swaps owners, starts cooldowns, spends supply, cancels the other offers, tells everyone', async () => {
      const a = await playerWithPogs();
      const b = await playerWithPogs();
      const c = await playerWithPogs();
      const trade = (await offer(a, b)).body;
      const rival = (await offer(c, b)).body; // also wants b's POG
      const [aSocket, cSocket] = await Promise.all([connectSocket(app.url, a.client), connectSocket(app.url, c.client)]);
      try {
        const aUpdates = recordEvents(aSocket, 'trade:updated');
        const cUpdates = recordEvents(cSocket, 'trade:updated');
        const aPogs = recordEvents(aSocket, 'pog:updated');
        const res = await b.client.patch(`/api/trades/${trade.id}/status`, { status: 'accepted' });
        expect(res.status).toBe(200);
        expect(res.body.status).toBe('accepted');
        expect(await ownerOf(a.pogs[0]!)).toBe(b.id);
        expect(await ownerOf(b.pogs[0]!)).toBe(a.id);
        expect(res.body.offerPog).toMatchObject({ userId: b.id, onCooldown: true, tradesRemaining: 14 });
        expect(res.body.offerPog.cooldownHours).toBeCloseTo(2 / 60, 5);
        await waitFor(() => aUpdates.some((t) => t.id === trade.id && t.status === 'accepted'), 5000, 'trade:updated to the sender');
        await waitFor(() => cUpdates.some((t) => t.id === rival.id && t.status === 'cancelled'), 5000, 'the rival offer cancelled');
        await waitFor(() => aPogs.some((p) => p.id === b.pogs[0]), 5000, 'pog:updated for the new owner');
        expect((await c.client.get(`/api/trades/history/${c.id}`)).body[0]).toMatchObject({ id: rival.id, status: 'cancelled', cancelReason: 'traded' });
        // By kind: the first-trade achievement's notification may come before or after it.
        expect((await a.client.get('/api/notifications')).body.items.filter((n: { kind: string }) => n.kind === 'trade.accepted')).toHaveLength(1);

        const again = await b.client.patch(`/api/trades/${trade.id}/status`, { status: 'accepted' });
        expect(again.status).toBe(409);
        expect(again.body.details.trade.status).toBe('accepted');
        // Back on cooldown: it cannot be traded on at once.
        const onward = await b.client.post('/api/trades', { fromUserId: b.id, toUserId: c.id, offerPogId: a.pogs[0], requestPogId: c.pogs[0] });
        expect(onward.body.code).toBe('COOLDOWN');
      } finally {
        aSocket.close();
        cSocket.close();
      }
    });

    it('lets only the recipient answer and only the sender cancel', async () => {
      const a = await playerWithPogs();
      const b = await playerWithPogs(2);
      const t1 = (await offer(a, b, 0, 0)).body;
      const t2 = (await offer(a, b, 0, 1)).body;
      expect((await a.client.patch(`/api/trades/${t1.id}/status`, { status: 'accepted' })).status).toBe(403);
      expect((await b.client.patch(`/api/trades/${t1.id}/status`, { status: 'maybe' })).status).toBe(400);
      expect((await b.client.post(`/api/trades/${t1.id}/cancel`, { userId: b.id })).status).toBe(403);
      expect((await a.client.post(`/api/trades/${t1.id}/cancel`, { userId: b.id })).status).toBe(403);
      expect((await b.client.get(`/api/trades/pending/${a.id}`)).status).toBe(403);
      expect((await b.client.get(`/api/trades/history/${a.id}`)).status).toBe(403);
      expect((await b.client.patch('/api/trades/999999999/status', { status: 'rejected' })).status).toBe(404);

      const rejected = await b.client.patch(`/api/trades/${t1.id}/status`, { status: 'rejected' });
      expect([rejected.status, rejected.body.status]).toEqual([200, 'rejected']);
      const cancelled = await a.client.post(`/api/trades/${t2.id}/cancel`, { userId: a.id });
      expect([cancelled.status, cancelled.body.status]).toEqual([200, 'cancelled']);
      expect((await b.client.get('/api/notifications')).body.items[0]).toMatchObject({ kind: 'trade.cancelled', title: 'Trade offer withdrawn' });
      expect((await a.client.get('/api/notifications')).body.items[0]).toMatchObject({ kind: 'trade.rejected' });
      expect((await a.client.get(`/api/trades/history/${a.id}`)).body.map((t: { status: string }) => t.status).sort()).toEqual(['cancelled', 'rejected']);
      expect(await ownerOf(a.pogs[0]!)).toBe(a.id);
    });

    it('moves nothing when something changed since the offer', async () => {
      const a = await playerWithPogs();
      const b = await playerWithPogs();
      const trade = (await offer(a, b)).body;
      await db().update(tables.pogs).set({ cooldownUntil: new Date(clock.now().getTime() + 3600_000) }).where(eq(tables.pogs.id, a.pogs[0]!));
      const res = await b.client.patch(`/api/trades/${trade.id}/status`, { status: 'accepted' });
      expect(res.status).toBe(429);
      expect(res.body.message).toMatch(/is on cooldown/);
      expect(await ownerOf(a.pogs[0]!)).toBe(a.id);
      expect(await ownerOf(b.pogs[0]!)).toBe(b.id);
      expect((await b.client.get(`/api/trades/pending/${b.id}`)).body[0].status).toBe('pending');
    });

    it('keeps a POG risked in an accepted battle out of trades and deletes, and cancels pending challenges when POGs move', async () => {
      const a = await playerWithPogs(2);
      const b = await playerWithPogs(2);
      const c = await playerWithPogs();
      // a risks pogs[0] against b's pogs[0] in an accepted battle.
      const battle = (await a.client.post('/api/battles', { challengerId: a.id, defenderId: b.id, challengerPogId: a.pogs[0], battleType: 'standard' })).body;
      expect((await b.client.post(`/api/battles/${battle.id}/accept`, { defenderPogId: b.pogs[0] })).status).toBe(200);
      const risked = await offer(a, c);
      expect(risked.status).toBe(409);
      expect(risked.body.message).toMatch(/is risked in a battle that is about to be decided/);
      const deleting = await a.client.delete(`/api/pogs/${a.pogs[0]}`);
      expect(deleting.status).toBe(409);

      // a pending challenge with a POG that then trades away is cancelled, both players told.
      const challenge = (await c.client.post('/api/battles', { challengerId: c.id, defenderId: a.id, challengerPogId: c.pogs[0], battleType: 'standard' })).body;
      const trade = (await offer(a, c, 1, 0)).body;
      expect((await c.client.patch(`/api/trades/${trade.id}/status`, { status: 'accepted' })).status).toBe(200);
      const after = await c.client.get(`/api/battles/${challenge.id}`);
      expect(after.body.status).toBe('cancelled');
    });

    it('refuses to accept an offer whose POG was risked in an accepted battle since, and moves nothing', async () => {
      const a = await playerWithPogs();
      const b = await playerWithPogs();
      const c = await playerWithPogs();
      const trade = (await offer(a, c)).body;
      const battle = (await a.client.post('/api/battles', { challengerId: a.id, defenderId: b.id, challengerPogId: a.pogs[0], battleType: 'standard' })).body;
      expect((await b.client.post(`/api/battles/${battle.id}/accept`, { defenderPogId: b.pogs[0] })).status).toBe(200);
      const res = await c.client.patch(`/api/trades/${trade.id}/status`, { status: 'accepted' });
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/is risked in a battle that is about to be decided/);
      expect(await ownerOf(a.pogs[0]!)).toBe(a.id);
      expect(await ownerOf(c.pogs[0]!)).toBe(c.id);
      expect((await c.client.get(`/api/trades/pending/${c.id}`)).body[0].status).toBe('pending');
    });

    it('expires pending offers after 7 days and tells both players', async () => {
      const a = await playerWithPogs();
      const b = await playerWithPogs();
      const trade = (await offer(a, b)).body;
      clock.advance(7 * 24 * 3600 * 1000 + 1000);
      await app.runtime.queue.run('trades.expire', {});
      expect((await a.client.get(`/api/trades/history/${a.id}`)).body[0]).toMatchObject({ id: trade.id, status: 'expired' });
      for (const p of [a, b]) expect((await p.client.get('/api/notifications')).body.items.filter((n: { kind: string }) => n.kind === 'trade.expired')).toHaveLength(1);
      expect((await b.client.patch(`/api/trades/${trade.id}/status`, { status: 'accepted' })).status).toBe(409);
      await app.runtime.queue.run('trades.expire', {});
      expect((await a.client.get('/api/notifications')).body.items.filter((n: { kind: string }) => n.kind === 'trade.expired')).toHaveLength(1);
    });

    // PGlite is one connection, so races only mean something on the server: defined there alone.
    if (setup.backend === 'postgres') describe('races on the real PostgreSQL server', () => {
      it('an offer waiting on a POG that the scorer holds does not deadlock with its notification', async () => {
        const a = await playerWithPogs();
        const b = await playerWithPogs();
        let sent: Promise<{ status: number }> | undefined;
        // What the worker does while scoring: hold the POG, then store a notification for its owner.
        await db().transaction(async (tx) => {
          await tx.select().from(tables.pogs).where(eq(tables.pogs.id, a.pogs[0]!)).for('update');
          sent = offer(a, b);
          await new Promise((r) => setTimeout(r, 300)); // the offer now holds a's row and waits for the POG
          await insertNotification(tx, { userId: a.id, kind: 'pog.scored', title: 'Scored', body: 'test' });
        });
        expect((await sent!).status).toBe(201);
      });

      it('20 concurrent accepts of one trade: exactly one wins', async () => {
        const a = await playerWithPogs();
        const b = await playerWithPogs();
        const trade = (await offer(a, b)).body;
        const tabs = Array.from({ length: 20 }, () => b.client.clone());
        const results = await Promise.all(tabs.map((tab) => tab.patch(`/api/trades/${trade.id}/status`, { status: 'accepted' })));
        expect(results.filter((r) => r.status === 200)).toHaveLength(1);
        expect(results.filter((r) => r.status === 409)).toHaveLength(19);
        expect(await ownerOf(a.pogs[0]!)).toBe(b.id);
        expect(await ownerOf(b.pogs[0]!)).toBe(a.id);
        const [pog] = await db().select().from(tables.pogs).where(eq(tables.pogs.id, a.pogs[0]!));
        expect(pog!.tradesRemaining).toBe(14);
      });

      it('two offers for the same POG accepted at once: one succeeds, one is clearly refused', async () => {
        const a1 = await playerWithPogs();
        const a2 = await playerWithPogs();
        const b = await playerWithPogs();
        const t1 = (await offer(a1, b)).body;
        const t2 = (await offer(a2, b)).body;
        const [r1, r2] = await Promise.all([
          b.client.patch(`/api/trades/${t1.id}/status`, { status: 'accepted' }),
          b.client.clone().patch(`/api/trades/${t2.id}/status`, { status: 'accepted' }),
        ]);
        expect([r1.status, r2.status].sort()).toEqual([200, 409]);
        const loser = r1.status === 409 ? r1 : r2;
        expect(loser.body.message).toMatch(/no longer pending: it was cancelled/);
        const winner = r1.status === 200 ? a1 : a2;
        const other = winner === a1 ? a2 : a1;
        expect(await ownerOf(b.pogs[0]!)).toBe(winner.id);
        expect(await ownerOf(winner.pogs[0]!)).toBe(b.id);
        expect(await ownerOf(other.pogs[0]!)).toBe(other.id);
      });

      it('an accept racing a cancel ends in exactly one of the two', async () => {
        for (let round = 0; round < 5; round++) {
          const a = await playerWithPogs();
          const b = await playerWithPogs();
          const trade = (await offer(a, b)).body;
          const [accept, cancel] = await Promise.all([
            b.client.patch(`/api/trades/${trade.id}/status`, { status: 'accepted' }),
            a.client.post(`/api/trades/${trade.id}/cancel`, { userId: a.id }),
          ]);
          expect([accept.status, cancel.status].sort()).toEqual([200, 409]);
          const swapped = accept.status === 200;
          expect(await ownerOf(a.pogs[0]!)).toBe(swapped ? b.id : a.id);
          expect(await ownerOf(b.pogs[0]!)).toBe(swapped ? a.id : b.id);
        }
      });

      it('conserves POGs under a storm of concurrent accepts, rejects and cancels', async () => {
        const players = await Promise.all(Array.from({ length: 6 }, () => playerWithPogs(2, 'storm')));
        const allPogs = players.flatMap((p) => p.pogs);
        const offers = [];
        for (let i = 0; i < players.length; i++) {
          for (let j = 0; j < players.length; j++) {
            if (i === j) continue;
            const res = await offer(players[i]!, players[j]!, (i + j) % 2, (i * j) % 2);
            if (res.status === 201) offers.push({ trade: res.body, from: players[i]!, to: players[j]! });
          }
        }
        await Promise.all(
          offers.map(({ trade, from, to }, k) =>
            k % 3 === 2 ? from.client.clone().post(`/api/trades/${trade.id}/cancel`, { userId: from.id }) : to.client.clone().patch(`/api/trades/${trade.id}/status`, { status: k % 3 === 0 ? 'accepted' : 'rejected' }),
          ),
        );
        const rows = await db().select().from(tables.pogs).where(inArray(tables.pogs.id, allPogs));
        expect(rows).toHaveLength(allPogs.length);
        const accepted = await db().select().from(tables.trades).where(inArray(tables.trades.id, offers.map((o) => o.trade.id)));
        // Replaying the accepted trades in order from the starting owners gives today's owners.
        const owners = new Map(players.flatMap((p) => p.pogs.map((id) => [id, p.id] as const)));
        for (const t of accepted.filter((t) => t.status === 'accepted').sort((x, y) => x.decidedAt!.getTime() - y.decidedAt!.getTime() || x.id - y.id)) {
          expect(owners.get(t.offerPogId!)).toBe(t.fromUserId);
          expect(owners.get(t.requestPogId!)).toBe(t.toUserId);
          owners.set(t.offerPogId!, t.toUserId);
          owners.set(t.requestPogId!, t.fromUserId);
        }
        for (const row of rows) expect(row.userId).toBe(owners.get(row.id));
        expect(await db().select().from(tables.trades).where(inArray(tables.trades.id, offers.map((o) => o.trade.id)))).not.toContainEqual(expect.objectContaining({ status: 'pending' }));
      });
    });
  });
});
