/**
 * Stats and achievements (product spec: entities, calls and limits; decisions.md Limits): the numbers, completions
 * recorded by the worker's check with a live notification, and rewards that really raise limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, newPlayerStats, type Achievement, type UserStats } from '@pog/common';
import { ManualClock } from '@pog/domain/clock';
import { recordAchievements } from '@pog/domain/achievements';
import { type Db } from '@pog/domain/db';
import { ApiClient } from '../testing/api-client';
import { giveAchievements } from '../testing/achievements';
import { createPlayer, givePog, type TestPlayer } from '../testing/factories';
import { seededRandom, shapesSvg, svgToPng } from '@pog/domain/testing/images';
import { setupTitle, TEST_SETUPS } from '../testing/databases';
import { pogDesign, waitForScore } from '../testing/players';
import { connectSocket, recordEvents } from '../testing/sockets';
import { startTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait';
import { asUserId } from '@pog/common/schemas/ids';

type Player = TestPlayer;
const DAY = 24 * 3600 * 1000;

describe.each(TEST_SETUPS)('Stats and achievements', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    let db: Db;
    const clock = new ManualClock(new Date('2033-03-01T10:00:00Z'));
    beforeAll(async () => {
      app = await startTestApp({ backend: setup.backend, env: setup.env, clock });
      db = app.runtime.db;
    });
    afterAll(async () => {
      await app?.close();
    });

    const player = () => createPlayer(app, 'ach');
    const statsOf = async (p: Player, of = p.id) => {
      const res = await p.client.get(`/api/users/${of}/stats`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as UserStats;
    };
    const achievementsOf = async (p: Player) => (await p.client.get(`/api/users/${p.id}/achievements`)).body as Achievement[];
    const completed = async (p: Player) => (await achievementsOf(p)).filter((a) => a.completed).map((a) => a.id);
    const waitForCompleted = (p: Player, id: string) => waitFor(async () => (await completed(p)).includes(id) || undefined, 10_000, `${id} to be completed`);
    const create = async (p: Player, name: string, design: Record<string, unknown> = {}) => {
      const res = await p.client.post('/api/pogs', pogDesign(p.id, { name, ...design }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      clock.advance((LIMITS.creationCooldownSeconds + 1) * 1000);
      return res.body.id as number;
    };

    it('starts a new player at zero with the base limits, and every achievement open', async () => {
      const p = await player();
      expect(await statsOf(p)).toEqual(newPlayerStats());
      const list = await achievementsOf(p);
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((a) => !a.completed && a.progress === 0 && a.currentValue === 0)).toBe(true);
      expect(list[0]).toMatchObject({ type: 'collection', iconName: expect.any(String), collectionReward: expect.any(Number) });
    });

    it('completes First Design on the first creation, tells the player live, and raises the daily creation limit', async () => {
      const p = await player();
      const socket = await connectSocket(app.url, p.client);
      try {
        const notes = recordEvents(socket, 'notification');
        // Rare Find depends on how the scorer rates the design against every other POG: recorded up
        // front, so First Design is the one thing this creation completes.
        await giveAchievements(db, p.id, ['rare-find']);
        await create(p, 'Debut');
        await waitForCompleted(p, 'first-design');
        await waitFor(() => notes.find((n) => n.kind === 'achievement.completed'), 5_000, 'the achievement notification');
        expect(notes.filter((n) => n.kind === 'achievement.completed')).toEqual([
          expect.objectContaining({ title: 'Achievement unlocked!', body: 'First Design: Create your first POG. Reward: +1 daily creation.', link: '/profile' }),
        ]);
        expect(await statsOf(p)).toMatchObject({ pogCount: 1, creationCount: 1, dailyCreationCount: 1, creationStreak: 1, completedAchievements: 2, dailyCreationLimit: LIMITS.dailyCreationLimit + 2 });
        // A second check finds nothing new and tells nobody twice.
        expect(await app.runtime.queue.run('achievements.check', { userIds: [p.id] })).toEqual({ completed: {} });
        const stored = (await p.client.get('/api/notifications')).body.items.filter((n: { kind: string }) => n.kind === 'achievement.completed');
        expect(stored).toHaveLength(1);
      } finally {
        socket.close();
      }
    });

    it('lets a player who completed Collector create beyond the base collection limit', async () => {
      const p = await player();
      for (let i = 0; i < LIMITS.collectionLimit; i++) await givePog(db, p.id);
      const refused = await p.client.post('/api/pogs', pogDesign(p.id, { name: 'Seventh' }));
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('CREATION_LIMIT');
      // Holding six reaches Collector (hold 5); once the check records it, two more slots open.
      expect((await app.runtime.queue.run('achievements.check', { userIds: [p.id] })).completed[p.id]).toContain('collector');
      expect(await statsOf(p)).toMatchObject({ pogCount: LIMITS.collectionLimit, collectionLimit: LIMITS.collectionLimit + 2 });
      await create(p, 'Seventh');
    });

    it('counts completed trades for both players and raises their daily trade limit', async () => {
      const [a, b] = [await player(), await player()];
      const [aPog, bPog] = [await givePog(db, a.id), await givePog(db, b.id)];
      const offered = await a.client.post('/api/trades', { fromUserId: a.id, toUserId: b.id, offerPogId: aPog, requestPogId: bPog });
      expect(offered.status, JSON.stringify(offered.body)).toBe(201);
      expect(await statsOf(a)).toMatchObject({ dailyTradeCount: 1, tradeCount: 0 });
      expect((await b.client.patch(`/api/trades/${offered.body.id}/status`, { status: 'accepted' })).status).toBe(200);
      for (const p of [a, b]) {
        await waitForCompleted(p, 'first-trade');
        expect(await statsOf(p)).toMatchObject({ tradeCount: 1, dailyTradeLimit: LIMITS.dailyTradeLimit + 2 });
      }
    });

    it('counts a battle won and completes First Victory for the winner only', async () => {
      const [a, b] = [await player(), await player()];
      const [aPog, bPog] = [await givePog(db, a.id), await givePog(db, b.id)];
      const created = await a.client.post('/api/battles', { challengerId: a.id, defenderId: b.id, challengerPogId: aPog, battleType: 'standard' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect((await b.client.post(`/api/battles/${created.body.id}/accept`, { defenderPogId: bPog })).status).toBe(200);
      const done = await a.client.post(`/api/battles/${created.body.id}/complete`);
      expect(done.status).toBe(200);
      const [winner, loser] = done.body.winnerId === a.id ? [a, b] : [b, a];
      await waitForCompleted(winner, 'first-victory');
      expect(await statsOf(winner)).toMatchObject({ battleWins: 1, battlesFought: 1, pogCount: 2 });
      expect(await statsOf(loser)).toMatchObject({ battleWins: 0, battlesFought: 1, pogCount: 0 });
      expect(await completed(loser)).not.toContain('first-victory');
    });

    it('checks several players at once (a group of battle winners), skipping players who are gone', async () => {
      const [a, b] = [await player(), await player()];
      for (const p of [a, b]) for (let i = 0; i < 5; i++) await givePog(db, p.id);
      const completed = await recordAchievements(db, [a.id, b.id, a.id, asUserId(999_999_999)], clock.now());
      expect(completed).toEqual(new Map([[a.id, ['collector']], [b.id, ['collector']]]));
      expect((await recordAchievements(db, [a.id, b.id], clock.now())).size).toBe(0);
    });

    it('completes Rare Find for a design that scored rare or better, and not for a rejected one', async () => {
      const [p, q] = [await player(), await player()];
      await givePog(db, p.id, { rarity: 'epic' });
      await givePog(db, q.id, { rarity: 'legendary', moderationStatus: 'rejected' });
      await givePog(db, q.id, { rarity: 'uncommon' });
      expect((await app.runtime.queue.run('achievements.check', { userIds: [p.id] })).completed[p.id]).toContain('rare-find');
      expect(await statsOf(p)).toMatchObject({ rareCreations: 1, collectionLimit: LIMITS.collectionLimit + 1 });
      expect((await app.runtime.queue.run('achievements.check', { userIds: [q.id] })).completed[q.id] ?? []).not.toContain('rare-find');
      expect((await statsOf(q)).rareCreations).toBe(0);
    });

    it('has the scorer complete Rare Find when a design scores rare or better', async () => {
      const p = await player();
      // An image of its own (unique perceptual hash), complementary deep colours, white text and a
      // non-default font: every sub-score high, whatever else is in the database.
      const image = await svgToPng(shapesSvg(seededRandom(p.id * 7919), 512, 14));
      const uploaded = await p.client.upload(image, 'showpiece.png', 'image/png');
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
      const id = await create(p, 'Showpiece', {
        imageUrl: uploaded.body.url,
        textContent: 'Nova Showpiece',
        fontFamily: 'Press Start 2P',
        textColor: '#FFFFFF',
        backgroundColor1: '#7F1D1D',
        backgroundColor2: '#134E4A',
      });
      const scored = await waitForScore(p.client, id);
      expect(['rare', 'epic', 'legendary']).toContain(scored.rarity);
      await waitForCompleted(p, 'rare-find');
      expect((await statsOf(p)).rareCreations).toBe(1);
    });

    it('catches up on signing in with achievements reached while nothing checked them', async () => {
      const p = await player();
      for (let i = 0; i < 5; i++) await givePog(db, p.id);
      expect(await completed(p)).toEqual([]);
      const again = new ApiClient(app.url);
      expect((await again.post('/api/login', { username: p.username, password: 'secret-password' })).status).toBe(200);
      await waitForCompleted(p, 'collector');
    });

    it('counts a creation streak over consecutive UTC days, and completes On a Roll at three', async () => {
      const p = await player();
      for (let day = 0; day < 3; day++) {
        await create(p, `Day ${day + 1}`);
        expect((await statsOf(p)).creationStreak).toBe(day + 1);
        clock.advance(DAY);
      }
      // The day after the last creation the streak still stands (it can go on today).
      expect((await statsOf(p)).creationStreak).toBe(3);
      await waitForCompleted(p, 'on-a-roll');
      clock.advance(DAY);
      expect((await statsOf(p)).creationStreak).toBe(0);
    });

    it('answers signed-out, unknown and malformed requests clearly', async () => {
      const p = await player();
      const anonymous = new ApiClient(app.url);
      expect((await anonymous.get(`/api/users/${p.id}/stats`)).status).toBe(401);
      expect((await anonymous.get(`/api/users/${p.id}/achievements`)).status).toBe(401);
      for (const path of ['/api/users/999999999/stats', '/api/users/999999999/achievements']) {
        const res = await p.client.get(path);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: 'That player does not exist.', code: 'NOT_FOUND' });
      }
      const bad = await p.client.get('/api/users/abc/stats');
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('VALIDATION_ERROR');
      // Another player's stats are visible to signed-in players (their player page).
      const other = await player();
      expect(await statsOf(p, other.id)).toMatchObject({ pogCount: 0 });
    });
  });
});
