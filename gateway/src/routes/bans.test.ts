/**
 * Bans are atomic. Every command a player performs re-reads their ban inside its own
 * transaction, under a lock the ban conflicts with; a ban ends the player's pending trades and their
 * pending AND accepted battles, moving nothing. The races run on the real PostgreSQL server only
 * (PGlite is one connection).
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@pog/domain/clock';
import { tables, type Db } from '@pog/domain/db';
import { newAdmin } from '../testing/admins';
import type { ApiClient, ApiResponse } from '../testing/api-client';
import { createPlayer, givePog, type TestPlayer } from '../testing/factories';
import { setupTitle, TEST_SETUPS } from '../testing/databases';
import { pogDesign } from '../testing/players';
import { startTestApp, type TestApp } from '../testing/test-app';
import type { PogId } from '@pog/common/schemas/ids';

type Player = TestPlayer;

describe.each(TEST_SETUPS)('Bans', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    let db: Db;
    let admin: ApiClient;
    const clock = new ManualClock(new Date('2034-04-01T12:00:00Z'));
    beforeAll(async () => {
      app = await startTestApp({ backend: setup.backend, env: setup.env, clock });
      db = app.runtime.db;
      admin = await newAdmin(app.url);
    });
    afterAll(async () => {
      await app?.close();
    });

    const player = () => createPlayer(app, 'ban');
    const ban = (p: Player) => admin.put(`/api/admin/users/${p.id}/moderate`, { isBanned: true, banReason: 'Cheating' });
    const ownerOf = async (pogId: PogId) => (await db.select({ userId: tables.pogs.userId }).from(tables.pogs).where(eq(tables.pogs.id, pogId)))[0]?.userId;
    const offer = (from: Player, fromPog: number, to: Player, toPog: number) =>
      from.client.post('/api/trades', { fromUserId: from.id, toUserId: to.id, offerPogId: fromPog, requestPogId: toPog });
    const challenge = (from: Player, fromPog: number, to: Player) =>
      from.client.post('/api/battles', { challengerId: from.id, defenderId: to.id, challengerPogId: fromPog, battleType: 'standard' });
    /** Trades and battles of this player that are still open. */
    async function openOf(p: Player) {
      const trades = await db
        .select()
        .from(tables.trades)
        .where(and(eq(tables.trades.status, 'pending'), or(eq(tables.trades.fromUserId, p.id), eq(tables.trades.toUserId, p.id))));
      const battles = await db
        .select()
        .from(tables.battles)
        .where(and(inArray(tables.battles.status, ['pending', 'accepted']), or(eq(tables.battles.challengerId, p.id), eq(tables.battles.defenderId, p.id))));
      return [...trades, ...battles];
    }

    it("ends the player's pending trades and pending and accepted battles, each POG staying with its owner", async () => {
      const [x, y, z] = [await player(), await player(), await player()];
      const [x1, x2, x3, x4] = [await givePog(db, x.id), await givePog(db, x.id), await givePog(db, x.id), await givePog(db, x.id)];
      const [y1, z1, z2] = [await givePog(db, y.id), await givePog(db, z.id), await givePog(db, z.id)];
      const sent = (await offer(x, x1, y, y1)).body;
      const received = (await offer(z, z1, x, x2)).body;
      const challenged = (await challenge(x, x3, y)).body;
      const accepted = (await challenge(z, z2, x)).body;
      expect((await x.client.post(`/api/battles/${accepted.id}/accept`, { defenderPogId: x4 })).status).toBe(200);

      expect((await ban(x)).status).toBe(200);

      expect(await openOf(x)).toEqual([]);
      for (const id of [sent.id, received.id]) {
        expect((await db.select().from(tables.trades).where(eq(tables.trades.id, id)))[0]).toMatchObject({ status: 'cancelled', cancelReason: 'banned' });
      }
      for (const id of [challenged.id, accepted.id]) {
        expect((await db.select().from(tables.battles).where(eq(tables.battles.id, id)))[0]).toMatchObject({ status: 'cancelled', winnerId: null });
      }
      for (const [pogId, owner] of [[x1, x], [x2, x], [x3, x], [x4, x], [y1, y], [z1, z], [z2, z]] as const) expect(await ownerOf(pogId)).toBe(owner.id);
      // The accepted battle cannot be completed afterwards, by anyone.
      const late = await z.client.post(`/api/battles/${accepted.id}/complete`);
      expect([late.status, late.body.message]).toEqual([409, 'This battle cannot be completed: it is cancelled.']);
      const notes = (await z.client.get('/api/notifications')).body.items as Array<{ kind: string; body: string }>;
      expect(notes.map((n) => n.body)).toContain('An accepted battle was cancelled because a player in it was banned.');
    });

    it('answers 403 with the ban to a command the ban overtook, and changes nothing', async () => {
      const [x, y] = [await player(), await player()];
      const [xPog, xOther, xRisked] = [await givePog(db, x.id), await givePog(db, x.id), await givePog(db, x.id)];
      const [yPog, yOther, yRisked] = [await givePog(db, y.id), await givePog(db, y.id), await givePog(db, y.id)];
      const toX = (await offer(y, yPog, x, xPog)).body;
      const fromX = (await offer(x, xOther, y, yOther)).body;
      const challengeToX = (await challenge(y, yRisked, x)).body;
      const challengeFromX = (await challenge(x, xRisked, y)).body;
      const accepted = (await challenge(y, await givePog(db, y.id), x)).body;
      expect((await x.client.post(`/api/battles/${accepted.id}/accept`, { defenderPogId: await givePog(db, x.id) })).status).toBe(200);
      // Each request gets past the session check (the gateway's copy of the player is fresh), and
      // only then is the ban written: the ban lands between the check and the command's transaction.
      // (Written directly, so it ends nothing itself: what is checked here is each command's own re-check.)
      expect((await x.client.get('/api/user')).status).toBe(200);
      await db.update(tables.users).set({ isBanned: true, banReason: 'Cheating' }).where(eq(tables.users.id, x.id));

      const attempts: Array<[string, () => Promise<ApiResponse>]> = [
        ['create a POG', () => x.client.post('/api/pogs', pogDesign(x.id))],
        ['edit a POG', () => x.client.patch(`/api/pogs/${xPog}`, { name: 'Renamed' })],
        ['delete a POG', () => x.client.delete(`/api/pogs/${xPog}`)],
        ['offer a trade', () => offer(x, xPog, y, yPog)],
        ['answer a trade', () => x.client.patch(`/api/trades/${toX.id}/status`, { status: 'accepted' })],
        ['cancel a trade', () => x.client.post(`/api/trades/${fromX.id}/cancel`, { userId: x.id })],
        ['challenge', () => challenge(x, xPog, y)],
        ['accept a battle', () => x.client.post(`/api/battles/${challengeToX.id}/accept`, { defenderPogId: xPog })],
        ['decline a battle', () => x.client.post(`/api/battles/${challengeToX.id}/decline`)],
        ['cancel a battle', () => x.client.post(`/api/battles/${challengeFromX.id}/cancel`)],
        ['complete a battle', () => x.client.post(`/api/battles/${accepted.id}/complete`)],
        ['report a POG', () => x.client.post(`/api/pogs/${yPog}/report`, { reason: 'Offensive' })],
      ];
      for (const [what, attempt] of attempts) {
        const res = await attempt();
        expect([what, res.status, res.body]).toEqual([what, 403, { code: 'FORBIDDEN', message: 'Your account has been banned: Cheating' }]);
      }
      // Nothing moved, nothing was answered, nothing new exists.
      expect((await db.select().from(tables.trades).where(inArray(tables.trades.id, [toX.id, fromX.id]))).map((t) => t.status)).toEqual(['pending', 'pending']);
      const battles = await db.select().from(tables.battles).where(inArray(tables.battles.id, [challengeToX.id, challengeFromX.id, accepted.id]));
      expect(battles.map((b) => b.status).sort()).toEqual(['accepted', 'pending', 'pending']);
      expect(await ownerOf(xPog)).toBe(x.id);
      expect((await db.select().from(tables.pogs).where(eq(tables.pogs.userId, x.id))).length).toBe(4);
      expect(await db.select().from(tables.pogReports).where(eq(tables.pogReports.userId, x.id))).toEqual([]);
    });

    // PGlite is one connection, so races only mean something on the server: defined there alone.
    if (setup.backend === 'postgres') describe('races on the real PostgreSQL server', () => {
      const ROUNDS = 5;
      /** Many rounds on a shared, busy machine: generous, since only the outcomes are checked. */
      const RACE_TIMEOUT_MS = 300_000;
      /** A ban's racing request may win (201, then the ban ends it), or see the ban: 401 or 403. */
      const expectNoServerTrouble = (responses: ApiResponse[]) => {
        for (const res of responses) {
          expect([201, 401, 403], JSON.stringify(res.body)).toContain(res.status);
          expect(JSON.stringify(res.body)).not.toMatch(/Something else changed/);
        }
      };

      it(`20 offers and challenges fired at the moment of a ban leave none pending (${ROUNDS} rounds)`, async () => {
        const statuses: Record<number, number> = {};
        for (let round = 0; round < ROUNDS; round++) {
          const x = await player();
          const targets = await Promise.all(Array.from({ length: 20 }, () => player()));
          const targetPogs = await Promise.all(targets.map((t) => givePog(db, t.id)));
          const xPogs = await Promise.all(targets.map(() => givePog(db, x.id)));
          const requests = targets.map((t, i) => (i % 2 === 0 ? offer(x, xPogs[i]!, t, targetPogs[i]!) : challenge(x, xPogs[i]!, t)));
          const [banned, ...responses] = await Promise.all([ban(x), ...requests]);
          expect(banned.status).toBe(200);
          expectNoServerTrouble(responses);
          for (const res of responses) statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          expect(await openOf(x)).toEqual([]);
          // Whatever got in before the ban is cancelled now: the targets cannot complete anything with x.
          for (const trade of await db.select().from(tables.trades).where(eq(tables.trades.fromUserId, x.id))) {
            const target = targets.find((t) => t.id === trade.toUserId)!;
            expect((await target.client.patch(`/api/trades/${trade.id}/status`, { status: 'accepted' })).status).toBe(409);
          }
          for (const [i, pogId] of xPogs.entries()) {
            expect(await ownerOf(pogId)).toBe(x.id);
            expect(await ownerOf(targetPogs[i]!)).toBe(targets[i]!.id);
          }
        }
        // 201: got in before the ban (and was cancelled by it); 401/403: saw the ban.
        console.info(`[ban race] ${ROUNDS} rounds of 20 offers and challenges, answers by status: ${JSON.stringify(statuses)}`);
      }, RACE_TIMEOUT_MS);

      it(`no trade with a banned player completes: the recipient accepting while the offerer is banned (${ROUNDS * 4} rounds)`, async () => {
        const tally = { acceptFirst: 0, banFirst: 0 };
        for (let round = 0; round < ROUNDS * 4; round++) {
          const [x, y] = [await player(), await player()];
          const [xPog, yPog] = [await givePog(db, x.id), await givePog(db, y.id)];
          const trade = (await offer(x, xPog, y, yPog)).body;
          const [accept, banned] = await Promise.all([y.client.patch(`/api/trades/${trade.id}/status`, { status: 'accepted' }), ban(x)]);
          expect(banned.status).toBe(200);
          const [row] = await db.select().from(tables.trades).where(eq(tables.trades.id, trade.id));
          if (accept.status === 200) {
            // The accept committed before the ban: the swap stands, and the ban found nothing open.
            tally.acceptFirst++;
            expect(row!.status).toBe('accepted');
            expect([await ownerOf(xPog), await ownerOf(yPog)]).toEqual([y.id, x.id]);
          } else {
            tally.banFirst++;
            expect([accept.status, accept.body.message]).toEqual([409, 'This trade is no longer pending: it was cancelled.']);
            expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'banned' });
            expect([await ownerOf(xPog), await ownerOf(yPog)]).toEqual([x.id, y.id]);
          }
          expect(await openOf(x)).toEqual([]);
        }
        console.info(`[ban race] accept vs ban, ${ROUNDS * 4} rounds: accept first ${tally.acceptFirst}, ban first ${tally.banFirst}`);
      }, RACE_TIMEOUT_MS);

      it(`an accepted battle is cancelled by the ban and cannot be completed afterwards (${ROUNDS * 4} rounds)`, async () => {
        const tally = { completedFirst: 0, banFirst: 0 };
        for (let round = 0; round < ROUNDS * 4; round++) {
          const [x, y] = [await player(), await player()];
          const [xPog, yPog] = [await givePog(db, x.id), await givePog(db, y.id)];
          const battle = (await challenge(y, yPog, x)).body;
          expect((await x.client.post(`/api/battles/${battle.id}/accept`, { defenderPogId: xPog })).status).toBe(200);
          const [complete, banned] = await Promise.all([y.client.post(`/api/battles/${battle.id}/complete`), ban(x)]);
          expect(banned.status).toBe(200);
          const [row] = await db.select().from(tables.battles).where(eq(tables.battles.id, battle.id));
          if (complete.status === 200) {
            // Completed before the ban: the winner holds both POGs.
            tally.completedFirst++;
            expect(row!.status).toBe('completed');
            expect([await ownerOf(xPog), await ownerOf(yPog)]).toEqual([row!.winnerId, row!.winnerId]);
          } else {
            tally.banFirst++;
            expect([complete.status, complete.body.message]).toEqual([409, 'This battle cannot be completed: it is cancelled.']);
            expect(row).toMatchObject({ status: 'cancelled', winnerId: null });
            expect([await ownerOf(xPog), await ownerOf(yPog)]).toEqual([x.id, y.id]);
            const again = await y.client.post(`/api/battles/${battle.id}/complete`);
            expect(again.status).toBe(409);
          }
          expect(await openOf(x)).toEqual([]);
        }
        console.info(`[ban race] complete vs ban, ${ROUNDS * 4} rounds: completed first ${tally.completedFirst}, ban first ${tally.banFirst}`);
      }, RACE_TIMEOUT_MS);
    });
  });
});
