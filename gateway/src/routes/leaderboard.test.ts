/**
 * Leaderboards: the standings kept by the database's triggers agree with the data
 * after every kind of change (checked against a recount), the boards rank by their figure all-time
 * and this UTC week, a signed-in player sees their own rank off the page, banned players are left
 * off, and completed trades and battles tell open leaderboards to refresh.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEADERBOARD_PAGE_SIZE, WIN_RATE_MIN_BATTLES, type Leaderboard } from '@pog/common';
import { ManualClock } from '@pog/domain/clock';
import { standingsDrift } from '@pog/domain/leaderboards';
import { tables } from '@pog/domain/db';
import { ApiClient } from '../testing/api-client';
import { givePog } from '../testing/battles';
import { setupTitle, TEST_SETUPS } from '../testing/databases';
import { newPlayer, pogDesign, waitForScore } from '../testing/players';
import { connectSocket } from '../testing/sockets';
import { startTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait';
import type { BattleId, PogId, UserId } from '@pog/common/schemas/ids';

type Player = { client: ApiClient; id: UserId; username: string };

describe.each(TEST_SETUPS)('leaderboards', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    // A Wednesday: the week began on Monday 2035-01-01.
    const clock = new ManualClock(new Date('2035-01-03T12:00:00Z'));
    beforeAll(async () => {
      // Absolute ranks: a database of its own.
      app = await startTestApp({ backend: setup.backend, env: setup.env, clock, ownDatabase: true });
    });
    afterAll(async () => {
      await app?.close();
    });
    const db = () => app.runtime.db;
    const board = async (client: ApiClient, query: string): Promise<Leaderboard> => {
      const res = await client.get(`/api/leaderboard?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as Leaderboard;
    };
    const trade = async (from: Player, to: Player, offerPogId: PogId, requestPogId: PogId) => {
      const offer = await from.client.post('/api/trades', { fromUserId: from.id, toUserId: to.id, offerPogId, requestPogId });
      expect(offer.status, JSON.stringify(offer.body)).toBe(201);
      const accepted = await to.client.patch(`/api/trades/${offer.body.id}/status`, { status: 'accepted' });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    };
    const battle = async (challenger: Player, defender: Player, challengerPogId: PogId, defenderPogId: PogId) => {
      const created = await challenger.client.post('/api/battles', { challengerId: challenger.id, defenderId: defender.id, challengerPogId, battleType: 'standard' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect((await defender.client.post(`/api/battles/${created.body.id}/accept`, { defenderPogId })).status).toBe(200);
      const done = await challenger.client.post(`/api/battles/${created.body.id}/complete`, {});
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      return done.body as { id: BattleId; winnerId: UserId };
    };

    it('keeps every standing equal to a recount through creations, scoring, trades, battles, deletions and bans', async () => {
      const a = await newPlayer(app.url, 'lba');
      const b = await newPlayer(app.url, 'lbb');
      // Created and scored through the app (the scorer sets the points).
      const created = await a.client.post('/api/pogs', pogDesign(a.id, { name: 'Ladder climber' }));
      expect(created.status).toBe(201);
      await waitForScore(a.client, created.body.id);
      const aPogs = [created.body.id, await givePog(db(), a.id, { points: 300 }), await givePog(db(), a.id, { points: 40 })];
      const bPogs = [await givePog(db(), b.id, { points: 200 }), await givePog(db(), b.id, { points: 70 }), await givePog(db(), b.id, { points: 10 })];
      expect(await standingsDrift(db())).toEqual([]);
      await trade(a, b, aPogs[1]!, bPogs[0]!);
      await battle(a, b, aPogs[2]!, bPogs[1]!);
      expect(await standingsDrift(db())).toEqual([]);
      // Deleted by its owner (b holds a's old POG now).
      expect((await b.client.delete(`/api/pogs/${aPogs[1]}`)).status).toBe(204);
      // A moderator-style change of points, and a ban and its lifting.
      await db().update(tables.pogs).set({ points: 999 }).where(eq(tables.pogs.id, bPogs[2]!));
      await db().update(tables.users).set({ isBanned: true }).where(eq(tables.users.id, b.id));
      expect(await standingsDrift(db())).toEqual([]);
      await db().update(tables.users).set({ isBanned: false }).where(eq(tables.users.id, b.id));
      expect(await standingsDrift(db())).toEqual([]);
      // A recount that disagrees is reported: the check can fail.
      await db().update(tables.playerStandings).set({ trades: 42 }).where(eq(tables.playerStandings.userId, a.id));
      expect((await standingsDrift(db())).map((d) => d.userId)).toEqual([a.id]);
      await db().update(tables.playerStandings).set({ trades: 1 }).where(eq(tables.playerStandings.userId, a.id));
    });

    it('ranks each board, all-time and this week, with the own rank off the page and banned players left off', async () => {
      clock.set(new Date('2035-02-06T12:00:00Z')); // a fresh week (Tuesday; it began Monday 2035-02-05)
      const players: Player[] = [];
      // Above everyone already there (PGlite is shared by this file's setups).
      const base = ((await board(new ApiClient(app.url), 'board=value&period=all')).entries[0]?.value ?? 0) + 10_000;
      for (let i = 0; i < LEADERBOARD_PAGE_SIZE + 3; i++) {
        const p = await newPlayer(app.url, 'rank');
        // Values base + 100 i: later players rank higher.
        await givePog(db(), p.id, { points: base + 100 * i });
        players.push(p);
      }
      const top = players.at(-1)!;
      const last = players[0]!;
      const value = await board(last.client, 'board=value&period=all');
      expect(value.entries).toHaveLength(LEADERBOARD_PAGE_SIZE);
      expect(value.hasMore).toBe(true);
      expect(value.entries[0]).toMatchObject({ rank: 1, userId: top.id, username: top.username, value: base + 100 * (LEADERBOARD_PAGE_SIZE + 2) });
      for (let i = 1; i < value.entries.length; i++) expect(value.entries[i]!.value).toBeLessThanOrEqual(value.entries[i - 1]!.value);
      // Off the first page, still told their place.
      expect(value.entries.some((e) => e.userId === last.id)).toBe(false);
      expect(value.me).toMatchObject({ userId: last.id, rank: LEADERBOARD_PAGE_SIZE + 3, value: base });
      const second = await board(last.client, 'board=value&period=all&page=2');
      // (The first test's players, with far lower values, follow.)
      expect(second.entries.slice(0, 3).map((e) => [e.rank, e.userId])).toEqual([
        [26, players[2]!.id],
        [27, players[1]!.id],
        [28, last.id],
      ]);
      // Signed out: the same board, no own rank.
      const visitor = await board(new ApiClient(app.url), 'board=value&period=all');
      expect(visitor.entries[0]!.userId).toBe(top.id);
      expect(visitor.me).toBeNull();

      // This week: trades completed this week rank; last week's do not count.
      const [x, y] = [players[1]!, players[2]!];
      const xPogs = [await givePog(db(), x.id, { points: 1 }), await givePog(db(), x.id, { points: 1 })];
      const yPogs = [await givePog(db(), y.id, { points: 1 }), await givePog(db(), y.id, { points: 1 })];
      await trade(x, y, xPogs[0]!, yPogs[0]!);
      const week = await board(x.client, 'board=trades&period=week');
      expect(week.weekStart).toBe('2035-02-05');
      const ours = (l: Leaderboard) => l.entries.filter((e) => e.userId === x.id || e.userId === y.id);
      expect(ours(week).map((e) => [e.userId, e.value])).toEqual([
        [x.id, 1],
        [y.id, 1],
      ].sort((p, q) => p[0]! - q[0]!));
      clock.set(new Date('2035-02-12T00:00:01Z')); // Monday: a new week
      expect(ours(await board(x.client, 'board=trades&period=week'))).toEqual([]);
      await trade(y, x, yPogs[1]!, xPogs[1]!);
      const nextWeek = await board(x.client, 'board=trades&period=week');
      expect(ours(nextWeek).map((e) => e.value)).toEqual([1, 1]);
      const allTime = await board(x.client, 'board=trades&period=all');
      expect(allTime.entries.find((e) => e.userId === x.id)).toMatchObject({ value: 2 });
      expect(allTime.me).toMatchObject({ userId: x.id, value: 2 });

      // A banned player is left off every board, and back when the ban is lifted.
      await db().update(tables.users).set({ isBanned: true }).where(eq(tables.users.id, top.id));
      expect((await board(last.client, 'board=value&period=all')).entries[0]!.userId).not.toBe(top.id);
      await db().update(tables.users).set({ isBanned: false }).where(eq(tables.users.id, top.id));
      expect((await board(last.client, 'board=value&period=all')).entries[0]!.userId).toBe(top.id);
    });

    it(`ranks wins, and win rate only from ${WIN_RATE_MIN_BATTLES} battles on`, async () => {
      clock.set(new Date('2035-03-07T12:00:00Z'));
      const a = await newPlayer(app.url, 'wra');
      const b = await newPlayer(app.url, 'wrb');
      let aWins = 0;
      let lastBattleId: BattleId | null = null;
      for (let i = 0; i < WIN_RATE_MIN_BATTLES; i++) {
        const result = await battle(a, b, await givePog(db(), a.id), await givePog(db(), b.id));
        lastBattleId = result.id;
        if (result.winnerId === a.id) aWins++;
        const rate = await board(a.client, 'board=winRate&period=week');
        const listed = rate.entries.filter((e) => e.userId === a.id || e.userId === b.id);
        // Not ranked until the minimum is reached, then both are.
        expect(listed).toHaveLength(i + 1 < WIN_RATE_MIN_BATTLES ? 0 : 2);
      }
      const rate = await board(a.client, 'board=winRate&period=week');
      // Each row links to the player's latest completed battle.
      expect(rate.entries.find((e) => e.userId === a.id)).toMatchObject({ value: aWins / WIN_RATE_MIN_BATTLES, wins: aWins, battles: WIN_RATE_MIN_BATTLES, lastBattleId });
      expect(rate.entries.find((e) => e.userId === b.id)?.lastBattleId).toBe(lastBattleId);
      const wins = await board(a.client, 'board=wins&period=week');
      expect(wins.entries.filter((e) => e.userId === a.id || e.userId === b.id).map((e) => e.value).sort()).toEqual(
        [aWins, WIN_RATE_MIN_BATTLES - aWins].filter((n) => n > 0).sort(),
      );
    });

    it('designers rank by the points of the POGs they created, wherever those are now', async () => {
      const designer = await newPlayer(app.url, 'des');
      const holder = await newPlayer(app.url, 'hol');
      const top = async (which: string) => (await board(designer.client, `board=${which}&period=all`)).entries[0]?.value ?? 0;
      const points = Math.max(await top('designers'), await top('value')) + 50_000;
      const pog = await givePog(db(), designer.id, { points });
      await db().update(tables.pogs).set({ userId: holder.id }).where(eq(tables.pogs.id, pog));
      const designers = await board(designer.client, 'board=designers&period=all');
      expect(designers.entries[0]).toMatchObject({ userId: designer.id, value: points });
      const value = await board(designer.client, 'board=value&period=all');
      expect(value.entries[0]).toMatchObject({ userId: holder.id, value: points });
    });

    it('refuses a bad query with a clear 400', async () => {
      const client = new ApiClient(app.url);
      for (const [query, message] of [
        ['board=richest', /board must be one of value, wins, winRate, trades, designers/],
        ['period=month', /period must be "all" or "week"/],
        ['page=0', /page must be 1 or more/],
        ['page=41', /page must be 40 or less/],
        ['page=x', /page must be a number/],
      ] as const) {
        const res = await client.get(`/api/leaderboard?${query}`);
        expect(res.status, query).toBe(400);
        expect(res.body.message, query).toMatch(message);
      }
    });

    it('tells open leaderboards to refresh when a trade completes', async () => {
      const watcher = await newPlayer(app.url, 'watch');
      const a = await newPlayer(app.url, 'lva');
      const b = await newPlayer(app.url, 'lvb');
      const socket = await connectSocket(app.url, watcher.client);
      try {
        let signals = 0;
        socket.on('leaderboard:changed', () => signals++);
        await trade(a, b, await givePog(db(), a.id), await givePog(db(), b.id));
        await waitFor(() => signals > 0, 5000, 'leaderboard:changed');
      } finally {
        socket.close();
      }
    });
  });
});
