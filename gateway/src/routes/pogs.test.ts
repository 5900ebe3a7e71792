import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@pog/common';
import { ManualClock } from '@pog/domain/clock';
import { tables } from '@pog/domain/db';
import { ApiClient, type ApiResponse } from '../testing/api-client';
import { giveAchievements } from '../testing/achievements';
import { createPlayer, givePog } from '../testing/factories';
import { setupTitle, TEST_SETUPS, uniqueName } from '../testing/databases';
import { newAdmin } from '../testing/admins';
import { pogDesign, waitForScore } from '../testing/players';
import { connectSocket, recordEvents } from '../testing/sockets';
import { loopUntilRefused } from '../testing/search-loop';
import { startTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait';
import type { PogId } from '@pog/common/schemas/ids';

const MINUTE = 60_000;

describe.each(TEST_SETUPS)('POGs API', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    // Starts just after midnight UTC, so a test's creations all fall on one day unless it moves on.
    const clock = new ManualClock(new Date('2030-01-01T00:05:00Z'));
    beforeAll(async () => {
      app = await startTestApp({ backend: setup.backend, env: setup.env, clock });
    });
    afterAll(async () => {
      await app?.close();
    });
    const player = (prefix?: string) => createPlayer(app, prefix);
    /** Creates a POG and moves the clock past the creation cooldown. */
    async function create(p: { client: ApiClient; id: number }, overrides: Record<string, unknown> = {}) {
      const res = await p.client.post('/api/pogs', pogDesign(p.id, overrides));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      clock.advance(LIMITS.creationCooldownSeconds * 1000 + 1000);
      return res.body;
    }

    it('creates a POG that is common with points pending, then scored live', async () => {
      const p = await player();
      const socket = await connectSocket(app.url, p.client);
      try {
        const updates = recordEvents(socket, 'pog:updated');
        const pog = await create(p, { name: 'Sunset Blaze', textContent: 'Hot!', textColor: '#ffffff' });
        expect(pog).toMatchObject({
          userId: p.id,
          creatorId: p.id,
          username: p.username,
          name: 'Sunset Blaze',
          textColor: '#FFFFFF',
          rarity: 'common',
          points: null,
          pointsPending: true,
          onCooldown: false,
          cooldownHours: 0,
          maxTrades: 15,
          tradesRemaining: 15,
          isFlagged: false,
          isApproved: false,
        });
        const scored = await waitForScore(p.client, pog.id);
        expect(scored.points).toBeGreaterThan(0);
        expect(scored.scoredAt).toEqual(expect.any(String));
        expect(['common', 'uncommon', 'rare', 'epic', 'legendary']).toContain(scored.rarity);
        await waitFor(() => updates.some((u) => u.id === pog.id && u.pointsPending === false), 5000, 'pog:updated');
        const notes = await p.client.get('/api/notifications');
        expect(notes.body.items.some((n: { kind: string }) => n.kind === 'pog.scored')).toBe(true);
      } finally {
        socket.close();
      }
    });

    it('refuses to create for someone else and without a session', async () => {
      const a = await player();
      const b = await player();
      const res = await a.client.post('/api/pogs', pogDesign(b.id));
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
      expect((await new ApiClient(app.url).post('/api/pogs', pogDesign(a.id))).status).toBe(401);
    });

    it.each([
      [{ name: '' }, 'Please give your POG a name'],
      [{ name: 'x'.repeat(41) }, '40'],
      [{ textContent: 'y'.repeat(61) }, '60'],
      [{ backgroundColor1: 'red' }, 'Color 1'],
      [{ textColor: '#12345' }, 'text colour'],
      [{ fontFamily: 'Comic Sans MS' }, 'font'],
      [{ imageStyle: 'stretch' }, 'cover'],
      [{ imageUrl: 'https://evil.example/x.png' }, 'image'],
      [{ imageUrl: '/uploads/../../etc/passwd' }, 'image'],
      [{ maxTrades: 16 }, '15'],
      [{ maxTrades: -1 }, 'negative'],
    ])('validates %j', async (override, fragment) => {
      const p = await player();
      const res = await p.client.post('/api/pogs', pogDesign(p.id, override));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.message).toContain(fragment);
    });

    it('refuses an image URL of ours that was never uploaded', async () => {
      const p = await player();
      const res = await p.client.post('/api/pogs', pogDesign(p.id, { imageUrl: '/uploads/never-uploaded.jpg' }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('That image was not found. Please upload it again.');
    });

    it('keeps the creation cooldown, saying when the next creation is possible', async () => {
      const p = await player();
      await p.client.post('/api/pogs', pogDesign(p.id));
      const res = await p.client.post('/api/pogs', pogDesign(p.id));
      expect(res.status).toBe(429);
      expect(res.body.code).toBe('COOLDOWN');
      expect(res.body.message).toBe('Creation is on cooldown. You can create your next POG in 1 minute.');
      expect(res.headers.get('retry-after')).toBe('60');
      // The stats say so too, for the studio's countdown, and what is left of the day.
      const statsNow = async () => (await p.client.get(`/api/users/${p.id}/stats`)).body;
      expect(await statsNow()).toMatchObject({ creationCooldownSeconds: LIMITS.creationCooldownSeconds, dailyCreationCount: 1, pogCount: 1 });
      clock.advance(20_000);
      expect((await statsNow()).creationCooldownSeconds).toBe(LIMITS.creationCooldownSeconds - 20);
      clock.advance(LIMITS.creationCooldownSeconds * 1000 + 1000);
      expect((await statsNow()).creationCooldownSeconds).toBe(0);
      expect((await p.client.post('/api/pogs', pogDesign(p.id))).status).toBe(201);
      clock.advance(LIMITS.creationCooldownSeconds * 1000 + 1000);
    });

    it('keeps the daily limit and the collection limit, raised by completed achievements', async () => {
      clock.set(new Date('2030-02-01T08:00:00Z'));
      const p = await player();
      // Rare Find (+1 collection, +1 daily creation) depends on how the scorer rates these designs
      // against every other POG: recorded up front, so the limits below are exact.
      await giveAchievements(app.runtime.db, p.id, ['rare-find']);
      const limits = async () => (await p.client.get(`/api/users/${p.id}/stats`)).body as { dailyCreationLimit: number; collectionLimit: number };
      // The first creation completes First Design (one more creation a day).
      await create(p);
      await waitFor(async () => (await limits()).dailyCreationLimit === LIMITS.dailyCreationLimit + 2 || undefined, 10_000, 'First Design');
      for (let i = 1; i < LIMITS.dailyCreationLimit + 2; i++) await create(p);
      // Holding five completed Collector (two more slots), so the daily limit is what stops the next one.
      await waitFor(async () => (await limits()).collectionLimit === LIMITS.collectionLimit + 3 || undefined, 10_000, 'Collector');
      const daily = await p.client.post('/api/pogs', pogDesign(p.id));
      expect(daily.status).toBe(429);
      expect(daily.body.code).toBe('DAILY_LIMIT');
      expect(daily.body.message).toBe(`You've reached your daily limit of ${LIMITS.dailyCreationLimit + 2} new POGs. You can create again in 15h 53m (at 00:00 UTC).`);

      // The base collection limit: a player holding six (handed over, so no achievement yet) cannot create.
      const holder = await player();
      for (let i = 0; i < LIMITS.collectionLimit; i++) await givePog(app.runtime.db, holder.id);
      const full = await holder.client.post('/api/pogs', pogDesign(holder.id));
      expect(full.status).toBe(403);
      expect(full.body.code).toBe('CREATION_LIMIT');
      expect(full.body.message).toBe(`You've reached your creation limit: you hold ${LIMITS.collectionLimit} of ${LIMITS.collectionLimit} POGs. Burn an existing pog to create a new one.`);
      // Burning one makes room.
      const mine = (await holder.client.get(`/api/users/${holder.id}/pogs`)).body;
      expect((await holder.client.delete(`/api/pogs/${mine[0].id}`)).status).toBe(204);
      await create(holder);
    });

    it('gives a trusted creator the shorter cooldown, until one of their POGs is rejected', async () => {
      clock.set(new Date('2030-03-01T01:00:00Z'));
      const p = await player();
      for (let day = 0; day < 2; day++) {
        for (let i = 0; i < LIMITS.dailyCreationLimit; i++) {
          const pog = await create(p);
          await p.client.delete(`/api/pogs/${pog.id}`);
        }
        clock.advance(24 * 60 * MINUTE);
      }
      await p.client.post('/api/pogs', pogDesign(p.id));
      clock.advance((LIMITS.trustedCreationCooldownSeconds + 1) * 1000);
      const last = await p.client.post('/api/pogs', pogDesign(p.id));
      expect(last.status).toBe(201);
      // A creator with a rejected POG is trusted no longer: the full cooldown again.
      await app.runtime.db.update(tables.pogs).set({ moderationStatus: 'rejected' }).where(eq(tables.pogs.id, last.body.id));
      clock.advance((LIMITS.trustedCreationCooldownSeconds + 1) * 1000);
      const early = await p.client.post('/api/pogs', pogDesign(p.id));
      expect(early.status).toBe(429);
      expect(early.body.code).toBe('COOLDOWN');
      clock.advance(LIMITS.creationCooldownSeconds * 1000);
      expect((await p.client.post('/api/pogs', pogDesign(p.id))).status).toBe(201);
    });

    it('lets concurrent creations through only as the limits allow', async () => {
      clock.set(new Date('2030-04-01T01:00:00Z'));
      const p = await player();
      const results = await Promise.all(Array.from({ length: 8 }, () => p.client.post('/api/pogs', pogDesign(p.id))));
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      expect(results.filter((r) => r.status === 429 && r.body.code === 'COOLDOWN')).toHaveLength(7);
      expect((await p.client.get(`/api/users/${p.id}/pogs`)).body).toHaveLength(1);
    });

    it('edits only your own POG, and re-scores it', async () => {
      const owner = await player();
      const other = await player();
      const pog = await create(owner);
      await waitForScore(owner.client, pog.id);
      const edit = await owner.client.patch(`/api/pogs/${pog.id}`, { name: 'Renamed', textContent: 'A much longer tagline', userId: other.id });
      expect(edit.status).toBe(200);
      expect(edit.body).toMatchObject({ name: 'Renamed', textContent: 'A much longer tagline', userId: owner.id, pointsPending: true });
      const rescored = await waitForScore(owner.client, pog.id);
      expect(rescored.name).toBe('Renamed');

      expect((await other.client.patch(`/api/pogs/${pog.id}`, { name: 'Mine now' })).status).toBe(403);
      expect((await owner.client.patch(`/api/pogs/${pog.id}`, {})).status).toBe(400);
      expect((await owner.client.patch('/api/pogs/999999999', { name: 'Ghost' })).status).toBe(404);
      expect((await owner.client.patch('/api/pogs/abc', { name: 'Ghost' })).status).toBe(400);
    });

    it('deletes only your own POG', async () => {
      const owner = await player();
      const other = await player();
      const pog = await create(owner);
      expect((await other.client.delete(`/api/pogs/${pog.id}`)).status).toBe(403);
      expect((await owner.client.delete(`/api/pogs/${pog.id}`)).status).toBe(204);
      expect((await owner.client.get(`/api/pogs/${pog.id}`)).status).toBe(404);
      expect((await owner.client.delete(`/api/pogs/${pog.id}`)).status).toBe(404);
    });

    it('flags a POG whose text is on the blocklist, live in the admins\' queue', async () => {
      const admin = await newAdmin(app.url);
      const adminSocket = await connectSocket(app.url, admin);
      try {
        const queue = recordEvents(adminSocket, 'moderation:queue');
        const p = await player();
        const pog = await create(p, { name: 'Sh1t happens' });
        const scored = await waitForScore(p.client, pog.id);
        expect(scored.isFlagged).toBe(true);
        const notes = (await p.client.get('/api/notifications')).body.items;
        expect(notes.some((n: { kind: string }) => n.kind === 'pog.flagged')).toBe(true);
        await waitFor(() => queue.some((e) => e.action === 'flagged' && e.pog.id === pog.id), 5000, 'the flagged event');
        expect(queue.find((e) => e.pog.id === pog.id)).toMatchObject({ action: 'created' });
      } finally {
        adminSocket.close();
      }
    });

    it('scores a design version once: running the job again changes nothing', async () => {
      const p = await player();
      const pog = await create(p, { name: 'Steady Score' });
      const scored = await waitForScore(p.client, pog.id);
      const again = await app.runtime.queue.run('pog.score', { pogId: pog.id, version: 1 });
      expect(again).toEqual({ status: 'already-scored' });
      const stale = await app.runtime.queue.run('pog.score', { pogId: pog.id, version: 0 });
      expect(stale).toEqual({ status: 'stale' });
      const after = (await p.client.get(`/api/pogs/${pog.id}`)).body;
      expect([after.rarity, after.points, after.score, after.scoredAt]).toEqual([scored.rarity, scored.points, scored.score, scored.scoredAt]);
      const scoredNotes = (await p.client.get('/api/notifications')).body.items.filter((n: { kind: string }) => n.kind === 'pog.scored');
      expect(scoredNotes).toHaveLength(1);
    });

    it('lists newest first with filters and keyset pagination, never rejected POGs', async () => {
      clock.set(new Date('2030-05-01T01:00:00Z'));
      const p = await player('lister');
      const ids: PogId[] = [];
      for (const name of ['Alpha Wave', 'Beta Wave', 'Gamma Ray', 'Delta Wave']) ids.push((await create(p, { name })).id);
      const byCreator = await p.client.get(`/api/pogs?creator=${p.id}`);
      expect(byCreator.body.map((x: { id: number }) => x.id)).toEqual([...ids].reverse());

      const searched = await p.client.get(`/api/pogs?creator=${p.id}&search=wave`);
      expect(searched.body.map((x: { name: string }) => x.name)).toEqual(['Delta Wave', 'Beta Wave', 'Alpha Wave']);
      expect((await p.client.get(`/api/pogs?search=${encodeURIComponent(p.username)}`)).body).toHaveLength(4);

      const pages: number[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const res: ApiResponse<{ id: number }[]> = await p.client.get(`/api/pogs?creator=${p.id}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
        pages.push(...res.body.map((x: { id: number }) => x.id));
        cursor = res.headers.get('x-next-cursor');
      }
      expect(pages).toEqual([...ids].reverse());

      await Promise.all(ids.map((id) => waitForScore(p.client, id)));
      const trending = await p.client.get(`/api/pogs?creator=${p.id}&sort=trending&limit=2`);
      const next = await p.client.get(`/api/pogs?creator=${p.id}&sort=trending&limit=2&cursor=${trending.headers.get('x-next-cursor')}`);
      const all = [...trending.body, ...next.body];
      expect(all).toHaveLength(4);
      expect(all.map((x: { points: number }) => x.points)).toEqual([...all.map((x: { points: number }) => x.points)].sort((a, b) => b - a));

      const rarity = all[0].rarity;
      const byRarity = await p.client.get(`/api/pogs?creator=${p.id}&rarity=${rarity}`);
      expect(byRarity.body.every((x: { rarity: string }) => x.rarity === rarity)).toBe(true);

      // A moderator's rejection hides it from every public list, but not from its owner.
      await app.runtime.db.update(tables.pogs).set({ moderationStatus: 'rejected', isFlagged: true }).where(eq(tables.pogs.id, ids[0]!));
      expect((await p.client.get(`/api/pogs?creator=${p.id}`)).body.map((x: { id: number }) => x.id)).not.toContain(ids[0]);
      const stranger = new ApiClient(app.url);
      expect((await stranger.get(`/api/pogs/${ids[0]}`)).status).toBe(404);
      expect((await stranger.get(`/api/users/${p.id}/pogs`)).body).toHaveLength(3);
      expect((await p.client.get(`/api/users/${p.id}/pogs`)).body).toHaveLength(4);
      expect((await p.client.get(`/api/pogs/${ids[0]}`)).body.moderationStatus).toBe('rejected');
    });

    it('rejects bad list queries with 400', async () => {
      const c = new ApiClient(app.url);
      for (const q of ['limit=101', 'limit=0', 'limit=abc', 'rarity=mythic', 'sort=oldest', 'creator=-1', 'cursor=not-a-cursor']) {
        const res = await c.get(`/api/pogs?${q}`);
        expect(res.status, q).toBe(400);
        expect(res.body.code).toBe('VALIDATION_ERROR');
      }
    });

    it('serves recent POGs, players and profiles', async () => {
      const p = await player('prof');
      const pog = await create(p);
      const recent = await new ApiClient(app.url).get('/api/pogs/recent');
      expect(recent.status).toBe(200);
      expect(recent.body.length).toBeLessThanOrEqual(20);
      expect(recent.body.map((x: { id: number }) => x.id)).toContain(pog.id);
      const users = await new ApiClient(app.url).get(`/api/users?search=${p.username}`);
      expect(users.body.find((u: { id: number }) => u.id === p.id)).toMatchObject({ username: p.username, pogCount: 1 });
      expect((await new ApiClient(app.url).get(`/api/users/${p.id}`)).body).toMatchObject({ id: p.id, pogCount: 1, role: 'user' });
      expect((await new ApiClient(app.url).get('/api/users/999999999')).status).toBe(404);
      expect((await new ApiClient(app.url).get('/api/users/999999999/pogs')).status).toBe(404);
      expect((await new ApiClient(app.url).get(`/api/users/${uniqueName()}`)).status).toBe(400);
    });

    // Explore's search limits (search-limits.ts): a person typing is never refused, a loop is.
    it('never refuses a person typing a term, a search every 300 ms', async () => {
      const visitor = new ApiClient(app.url);
      const text = 'thunder crystal';
      for (let i = 1; i <= text.length; i++) {
        const started = performance.now();
        const res = await visitor.get(`/api/pogs?search=${encodeURIComponent(text.slice(0, i))}`);
        expect(res.status, text.slice(0, i)).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 300 - (performance.now() - started)));
      }
    });

    it('refuses a client looping on search with 429 and Retry-After, and still answers its plain pages', async () => {
      const looper = (await player()).client;
      await loopUntilRefused(looper, (i) => `/api/pogs?search=z${i % 3}`);
      expect((await looper.get('/api/pogs')).status).toBe(200);
    });
  });
});
