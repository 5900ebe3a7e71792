import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, LIMITS } from '@pog/common';
import { ManualClock } from '@pog/domain/clock';
import { tables } from '@pog/domain/db';
import { createPlayer, type TestPlayer } from '../testing/factories';
import { TEST_ADMIN_PASSWORD, newAdmin } from '../testing/admins';
import { ApiClient } from '../testing/api-client';
import { setupTitle, TEST_SETUPS } from '../testing/databases';
import { pogDesign } from '../testing/players';
import { connectSocket, recordEvents } from '../testing/sockets';
import { startTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait';
import type { PogId, TradeId, UserId } from '@pog/common/schemas/ids';

type Player = TestPlayer;

describe.each(TEST_SETUPS)('Admin API', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    const clock = new ManualClock(new Date());
    beforeAll(async () => {
      app = await startTestApp({ backend: setup.backend, env: setup.env, clock });
    });
    afterAll(async () => {
      await app?.close();
    });
    const player = () => createPlayer(app);
    async function create(p: Player, overrides: Record<string, unknown> = {}) {
      const res = await p.client.post('/api/pogs', pogDesign(p.id, overrides));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      clock.advance(LIMITS.creationCooldownSeconds * 1000 + 1000);
      return res.body as { id: PogId; name: string; userId: UserId };
    }

    /** Offers `from`'s POG for `to`'s POG; returns the pending trade's id. */
    async function offerTrade(from: Player, fromPogId: number, to: Player, toPogId: number): Promise<TradeId> {
      const res = await from.client.post('/api/trades', { fromUserId: from.id, toUserId: to.id, offerPogId: fromPogId, requestPogId: toPogId });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id;
    }
    /** The trade is no longer pending, was cancelled for `reason`, and `p` was told. */
    async function expectCancelled(p: Player, tradeId: TradeId, reason: string) {
      expect((await p.client.get(`/api/trades/pending/${p.id}`)).body.map((t: { id: number }) => t.id)).not.toContain(tradeId);
      const history = await p.client.get(`/api/trades/history/${p.id}`);
      expect(history.body.find((t: { id: number }) => t.id === tradeId)).toMatchObject({ status: 'cancelled', cancelReason: reason });
      const notes = await p.client.get('/api/notifications');
      expect(notes.body.items.some((n: { kind: string }) => n.kind === 'trade.cancelled')).toBe(true);
    }

    describe('route-by-role matrix', () => {
      /** Every admin endpoint behind the gate, with a request an admin may legitimately make. */
      async function endpoints() {
        const owner = await player();
        const [approveMe, deleteMe, bulkMe] = [await create(owner), await create(owner), await create(owner)];
        const banMe = await player();
        return [
          { method: 'GET', path: '/api/admin/pogs/flagged', ok: 200 },
          { method: 'GET', path: '/api/admin/pogs/all?search=test', ok: 200 },
          { method: 'GET', path: `/api/admin/pogs/${approveMe.id}/reports`, ok: 200 },
          { method: 'PUT', path: `/api/admin/pogs/${approveMe.id}/moderate`, body: { isApproved: true, isFlagged: false, moderationNotes: 'fine' }, ok: 200 },
          { method: 'DELETE', path: `/api/admin/pogs/${deleteMe.id}`, ok: 204 },
          { method: 'POST', path: '/api/admin/pogs/bulk', body: { action: 'reject', ids: [bulkMe.id] }, ok: 200 },
          { method: 'GET', path: '/api/admin/users', ok: 200 },
          { method: 'PUT', path: `/api/admin/users/${banMe.id}/moderate`, body: { isBanned: true, banReason: 'matrix' }, ok: 200 },
          { method: 'GET', path: '/api/admin/audit', ok: 200 },
          { method: 'GET', path: '/api/admin/audit-log?action=approved', ok: 200 },
          { method: 'GET', path: '/api/admin/no-such-endpoint', ok: 404 },
        ];
      }

      it('refuses every admin endpoint without a session: 401', async () => {
        const anonymous = new ApiClient(app.url);
        for (const e of await endpoints()) {
          const res = await anonymous.request(e.method, e.path, e.body);
          expect(res.status, `${e.method} ${e.path}`).toBe(401);
          expect(res.body.code).toBe('UNAUTHORIZED');
        }
        expect((await anonymous.get('/api/admin/auth/status')).body).toEqual({ authenticated: false });
      });

      it('refuses every admin endpoint with a player session, even of a user whose role is admin: 401', async () => {
        const p = await player();
        await app.runtime.db.update(tables.users).set({ role: 'admin' }).where(eq(tables.users.id, p.id));
        expect((await p.client.get('/api/user')).body.role).toBe('admin');
        for (const e of await endpoints()) {
          const res = await p.client.request(e.method, e.path, e.body);
          expect(res.status, `${e.method} ${e.path}`).toBe(401);
        }
        expect((await p.client.get('/api/admin/auth/status')).body).toEqual({ authenticated: false });
      });

      it('serves every admin endpoint with an admin session', async () => {
        const admin = await newAdmin(app.url);
        for (const e of await endpoints()) {
          const res = await admin.request(e.method, e.path, e.body);
          expect(res.status, `${e.method} ${e.path}: ${JSON.stringify(res.body)}`).toBe(e.ok);
        }
        expect((await admin.get('/api/admin/auth/status')).body).toEqual({ authenticated: true });
      });
    });

    describe('admin login', () => {
      it('starts a separate admin session, ends it on logout, and keeps it apart from the player session', async () => {
        const p = await player();
        const res = await p.client.post('/api/admin/auth', { password: TEST_ADMIN_PASSWORD });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ authenticated: true });
        const cookie = res.headers.getSetCookie().find((c) => c.startsWith('pf.admin='))!;
        expect(cookie).toMatch(/httponly/i);
        expect(cookie).toMatch(/samesite=strict/i);
        expect((await p.client.get('/api/admin/users')).status).toBe(200);
        // Leaving the admin area keeps the player signed in, and the other way round.
        expect((await p.client.post('/api/admin/auth/logout')).status).toBe(204);
        expect((await p.client.get('/api/admin/auth/status')).body).toEqual({ authenticated: false });
        expect((await p.client.get('/api/admin/users')).status).toBe(401);
        expect((await p.client.get('/api/user')).status).toBe(200);
      });

      it('ends a stolen copy of the cookie at logout too (the session is server-side)', async () => {
        const admin = await newAdmin(app.url);
        const copy = admin.clone();
        await admin.post('/api/admin/auth/logout');
        expect((await copy.get('/api/admin/users')).status).toBe(401);
      });

      it('expires admin sessions after 12 hours', async () => {
        const admin = await newAdmin(app.url);
        clock.advance(AUTH.adminSessionHours * 3600_000 - 60_000);
        expect((await admin.get('/api/admin/users')).status).toBe(200);
        clock.advance(120_000);
        expect((await admin.get('/api/admin/users')).status).toBe(401);
        expect((await admin.get('/api/admin/auth/status')).body).toEqual({ authenticated: false });
      });

      it('answers a wrong password with 401 and no session, and password guessing with 429', async () => {
        const guesser = new ApiClient(app.url);
        for (let i = 0; i < AUTH.adminFailuresPerAddress; i += 1) {
          const res = await guesser.post('/api/admin/auth', { password: `guess-${i}` });
          expect(res.status).toBe(401);
          expect(res.body.message).toBe('Invalid admin password');
          expect(res.headers.getSetCookie().some((c) => c.startsWith('pf.admin='))).toBe(false);
          expect((await guesser.get('/api/admin/auth/status')).body).toEqual({ authenticated: false });
        }
        const limited = await guesser.post('/api/admin/auth', { password: 'guess-again' });
        expect(limited.status).toBe(429);
        expect(limited.body.code).toBe('RATE_LIMITED');
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
        // Over the limit even the right password is refused, so guessing cannot find it.
        expect((await guesser.post('/api/admin/auth', { password: TEST_ADMIN_PASSWORD })).status).toBe(429);
        expect((await guesser.get('/api/admin/users')).status).toBe(401);
        // Another address is not affected.
        expect((await new ApiClient(app.url).post('/api/admin/auth', { password: TEST_ADMIN_PASSWORD })).status).toBe(200);
      });

      it('limits guessing through the proxy however the client rotates its own X-Forwarded-For', async () => {
        const guesser = new ApiClient(app.url, { spoofForwardedFor: true });
        for (let i = 0; i < AUTH.adminFailuresPerAddress; i += 1) {
          expect((await guesser.post('/api/admin/auth', { password: `guess-${i}` })).status).toBe(401);
        }
        for (let i = 0; i < 5; i += 1) {
          expect((await guesser.post('/api/admin/auth', { password: `guess-more-${i}` })).status).toBe(429);
        }
        expect((await guesser.post('/api/admin/auth', { password: TEST_ADMIN_PASSWORD })).status).toBe(429);
      });

      it('requires a password (400)', async () => {
        const res = await new ApiClient(app.url).post('/api/admin/auth', { password: '' });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('VALIDATION_ERROR');
      });
    });

    describe('POG moderation', () => {
      it('puts reported POGs in the flagged queue, live for every admin', async () => {
        const [owner, reporter] = [await player(), await player()];
        const [adminA, adminB] = [await newAdmin(app.url), await newAdmin(app.url)];
        const socketA = await connectSocket(app.url, adminA);
        const socketB = await connectSocket(app.url, adminB);
        try {
          const queueA = recordEvents(socketA, 'moderation:queue');
          const queueB = recordEvents(socketB, 'moderation:queue');
          const pog = await create(owner, { name: 'Report Me' });
          await waitFor(() => queueB.some((e) => e.action === 'created' && e.pog.id === pog.id), 5000, 'created');

          const ownerSocket = await connectSocket(app.url, owner.client);
          const ownerUpdates = recordEvents(ownerSocket, 'pog:updated');
          try {
            const reported = await reporter.client.post(`/api/pogs/${pog.id}/report`, { reason: 'rude words' });
            expect(reported.status).toBe(201);
            expect(reported.body).toMatchObject({ id: pog.id, isFlagged: true, isApproved: false });
            await waitFor(() => queueA.some((e) => e.action === 'reported' && e.pog.id === pog.id && e.pog.isFlagged), 5000, 'reported');
            await waitFor(() => ownerUpdates.some((u) => u.id === pog.id && u.isFlagged === true), 5000, 'owner pog:updated');
          } finally {
            ownerSocket.close();
          }
          const flagged = await adminA.get('/api/admin/pogs/flagged');
          expect(flagged.body.map((p: { id: number }) => p.id)).toContain(pog.id);
          const reports = await adminA.get(`/api/admin/pogs/${pog.id}/reports`);
          expect(reports.body).toEqual([expect.objectContaining({ userId: reporter.id, username: reporter.username, reason: 'rude words' })]);
          const notes = await owner.client.get('/api/notifications');
          // The notice opens the reported POG itself.
          expect(notes.body.items.filter((n: { kind: string }) => n.kind === 'pog.flagged').map((n: { link: string }) => n.link)).toEqual([`/pog/${pog.id}`]);

          // One admin approves: the other sees it, and it leaves the queue.
          const approved = await adminA.put(`/api/admin/pogs/${pog.id}/moderate`, { isApproved: true, isFlagged: false, moderationNotes: 'harmless' });
          expect(approved.status).toBe(200);
          expect(approved.body).toMatchObject({ isApproved: true, isFlagged: false, moderationStatus: 'approved', moderationNotes: 'harmless' });
          expect(approved.body.lastModeratedAt).toEqual(expect.any(String));
          await waitFor(() => queueB.some((e) => e.action === 'approved' && e.pog.id === pog.id), 5000, 'approved on the second admin');
          expect((await adminB.get('/api/admin/pogs/flagged')).body.map((p: { id: number }) => p.id)).not.toContain(pog.id);
        } finally {
          socketA.close();
          socketB.close();
        }
      });

      it('refuses reports of one’s own POG, repeated reports, and reports of missing POGs', async () => {
        const [owner, reporter] = [await player(), await player()];
        const pog = await create(owner);
        expect((await owner.client.post(`/api/pogs/${pog.id}/report`, { reason: 'mine' })).status).toBe(403);
        expect((await reporter.client.post(`/api/pogs/${pog.id}/report`, { reason: '  ' })).status).toBe(400);
        expect((await reporter.client.post(`/api/pogs/${pog.id}/report`, { reason: 'bad' })).status).toBe(201);
        const again = await reporter.client.post(`/api/pogs/${pog.id}/report`, { reason: 'still bad' });
        expect(again.status).toBe(409);
        expect(again.body.code).toBe('CONFLICT');
        expect((await reporter.client.post('/api/pogs/2147483000/report', { reason: 'bad' })).status).toBe(404);
        expect((await new ApiClient(app.url).post(`/api/pogs/${pog.id}/report`, { reason: 'bad' })).status).toBe(401);
      });

      it('keeps an approved POG approved when it is reported, but tells the admins', async () => {
        const [owner, reporter] = [await player(), await player()];
        const admin = await newAdmin(app.url);
        const pog = await create(owner);
        await admin.put(`/api/admin/pogs/${pog.id}/moderate`, { isApproved: true, isFlagged: false });
        const socket = await connectSocket(app.url, admin);
        try {
          const queue = recordEvents(socket, 'moderation:queue');
          const res = await reporter.client.post(`/api/pogs/${pog.id}/report`, { reason: 'I disagree' });
          expect(res.body).toMatchObject({ isApproved: true, isFlagged: false });
          await waitFor(() => queue.some((e) => e.action === 'reported' && e.pog.id === pog.id), 5000, 'reported');
        } finally {
          socket.close();
        }
      });

      it('rejects a POG: hidden from Explore and others, kept for its owner, who is told why; audited', async () => {
        const [owner, other] = [await player(), await player()];
        const admin = await newAdmin(app.url);
        const pog = await create(owner, { name: 'Reject Me' });
        const ownerSocket = await connectSocket(app.url, owner.client);
        try {
          const updates = recordEvents(ownerSocket, 'pog:updated');
          const live = recordEvents(ownerSocket, 'notification');
          const res = await admin.put(`/api/admin/pogs/${pog.id}/moderate`, { isApproved: false, isFlagged: true, moderationNotes: 'Offensive text' });
          expect(res.status).toBe(200);
          expect(res.body).toMatchObject({ isApproved: false, isFlagged: true, moderationStatus: 'rejected', moderationNotes: 'Offensive text' });
          await waitFor(() => updates.some((u) => u.id === pog.id && u.moderationStatus === 'rejected'), 5000, 'pog:updated');
          await waitFor(() => live.some((n) => n.kind === 'pog.rejected' && n.body.includes('Offensive text')), 5000, 'notification');
          expect(live.find((n) => n.kind === 'pog.rejected')?.link).toBe(`/pog/${pog.id}`);
        } finally {
          ownerSocket.close();
        }
        expect((await other.client.get(`/api/pogs/${pog.id}`)).status).toBe(404);
        expect((await other.client.get('/api/pogs?search=Reject%20Me')).body.map((p: { id: number }) => p.id)).not.toContain(pog.id);
        expect((await owner.client.get(`/api/pogs/${pog.id}`)).body.moderationStatus).toBe('rejected');
        // Still in the admins' All list (search by the owner's name), out of the flagged queue.
        const all = await admin.get(`/api/admin/pogs/all?search=${owner.username.toUpperCase()}`);
        expect(all.body.map((p: { id: number }) => p.id)).toContain(pog.id);
        expect((await admin.get('/api/admin/pogs/flagged')).body.map((p: { id: number }) => p.id)).not.toContain(pog.id);

        const audit = await admin.get(`/api/admin/audit?targetType=pog&targetId=${pog.id}`);
        expect(audit.body).toEqual([
          expect.objectContaining({ action: 'rejected', targetType: 'pog', targetId: pog.id, notes: 'Offensive text', adminSessionId: expect.any(Number) }),
        ]);
      });

      it('refuses combinations that are neither approve nor reject (400)', async () => {
        const owner = await player();
        const admin = await newAdmin(app.url);
        const pog = await create(owner);
        for (const body of [{ isApproved: true, isFlagged: true }, { isApproved: false, isFlagged: false }, { isApproved: 'yes', isFlagged: false }]) {
          expect((await admin.put(`/api/admin/pogs/${pog.id}/moderate`, body)).status).toBe(400);
        }
      });

      it('answers 409 when another admin moderated the POG since it was opened, 404 once it is deleted', async () => {
        const owner = await player();
        const [adminA, adminB] = [await newAdmin(app.url), await newAdmin(app.url)];
        const pog = await create(owner);
        const seen = (await adminB.get('/api/admin/pogs/all?search=' + owner.username)).body.find((p: { id: number }) => p.id === pog.id);
        expect(seen.lastModeratedAt).toBeNull();
        expect((await adminA.put(`/api/admin/pogs/${pog.id}/moderate`, { isApproved: false, isFlagged: true, expectedLastModeratedAt: null })).status).toBe(200);
        const stale = await adminB.put(`/api/admin/pogs/${pog.id}/moderate`, { isApproved: true, isFlagged: false, expectedLastModeratedAt: seen.lastModeratedAt });
        expect(stale.status).toBe(409);
        expect(stale.body.code).toBe('CONFLICT');

        expect((await adminA.delete(`/api/admin/pogs/${pog.id}`)).status).toBe(204);
        const gone = await adminB.put(`/api/admin/pogs/${pog.id}/moderate`, { isApproved: true, isFlagged: false });
        expect(gone.status).toBe(404);
        expect(gone.body.code).toBe('NOT_FOUND');
        expect((await adminB.delete(`/api/admin/pogs/${pog.id}`)).status).toBe(404);
      });

      it('deletes any POG: the owner is told, the admins see it go', async () => {
        const owner = await player();
        const admin = await newAdmin(app.url);
        const pog = await create(owner, { name: 'Delete Me' });
        const socket = await connectSocket(app.url, admin);
        try {
          const queue = recordEvents(socket, 'moderation:queue');
          expect((await admin.delete(`/api/admin/pogs/${pog.id}`)).status).toBe(204);
          await waitFor(() => queue.some((e) => e.action === 'deleted' && e.pog.id === pog.id), 5000, 'deleted');
        } finally {
          socket.close();
        }
        expect((await owner.client.get(`/api/pogs/${pog.id}`)).status).toBe(404);
        const notes = await owner.client.get('/api/notifications');
        const removed = notes.body.items.find((n: { kind: string; title: string }) => n.kind === 'pog.deleted' && n.title.includes('Delete Me'));
        // The POG's page is gone, so the notice opens the collection.
        expect(removed?.link).toBe('/collection');
        const audit = await admin.get(`/api/admin/audit?targetType=pog&targetId=${pog.id}`);
        expect(audit.body.map((a: { action: string }) => a.action)).toEqual(['deleted']);
      });
    });

    describe('pending trades of a POG that goes away', () => {
      it.each([
        ['rejected', 'rejected by an admin'],
        ['deleted', 'deleted by an admin'],
        ['deleted', 'deleted by its owner'],
      ] as const)('cancels them, and pending battles risking it, when the POG is %s (%s)', async (reason, how) => {
        const [a, b] = [await player(), await player()];
        const admin = await newAdmin(app.url);
        const [pogA, pogB] = [await create(a), await create(b)];
        const tradeId = await offerTrade(a, pogA.id, b, pogB.id);
        const challenge = await b.client.post('/api/battles', { challengerId: b.id, defenderId: a.id, challengerPogId: pogB.id, battleType: 'standard' });
        expect(challenge.status, JSON.stringify(challenge.body)).toBe(201);
        const res =
          how === 'rejected by an admin'
            ? await admin.put(`/api/admin/pogs/${pogB.id}/moderate`, { isApproved: false, isFlagged: true })
            : how === 'deleted by an admin'
              ? await admin.delete(`/api/admin/pogs/${pogB.id}`)
              : await b.client.delete(`/api/pogs/${pogB.id}`);
        expect(res.status).toBeLessThan(300);
        await expectCancelled(a, tradeId, reason);
        expect((await a.client.get(`/api/battles/${challenge.body.id}`)).body.status).toBe('cancelled');
      });
    });

    it('ends an accepted battle whose POG an admin deletes; the other POG stays with its owner', async () => {
      const [a, b] = [await player(), await player()];
      const admin = await newAdmin(app.url);
      const [pogA, pogB] = [await create(a), await create(b)];
      const battle = await a.client.post('/api/battles', { challengerId: a.id, defenderId: b.id, challengerPogId: pogA.id, battleType: 'standard' });
      expect((await b.client.post(`/api/battles/${battle.body.id}/accept`, { defenderPogId: pogB.id })).status).toBe(200);
      expect((await admin.delete(`/api/admin/pogs/${pogB.id}`)).status).toBe(204);
      expect((await a.client.get(`/api/battles/${battle.body.id}`)).body).toMatchObject({ status: 'cancelled', challengerPogId: pogA.id, defenderPogId: null, winnerId: null });
      expect((await a.client.post(`/api/battles/${battle.body.id}/complete`)).status).toBe(409);
      expect((await a.client.get(`/api/pogs/${pogA.id}`)).body.userId).toBe(a.id);
    });

    describe('user moderation', () => {
      it('lists users in the admin view', async () => {
        const p = await player();
        const admin = await newAdmin(app.url);
        const res = await admin.get(`/api/admin/users?search=${p.username}`);
        expect(res.body).toEqual([{ id: p.id, username: p.username, role: 'user', isBanned: false, banReason: null, lastModeratedAt: null }]);
      });

      it("tells the admins' sockets of every sign-up at once, for the live Users tab", async () => {
        const admin = await newAdmin(app.url);
        const socket = await connectSocket(app.url, admin);
        try {
          const userEvents = recordEvents(socket, 'moderation:user');
          const p = await player();
          await waitFor(() => userEvents.some((e) => e.action === 'registered' && e.user.id === p.id), 5000, 'moderation:user registered');
          expect(userEvents.find((e) => e.user.id === p.id)).toEqual({
            action: 'registered',
            user: { id: p.id, username: p.username, role: 'user', isBanned: false, banReason: null, lastModeratedAt: null },
          });
        } finally {
          socket.close();
        }
      });

      it('needs a reason to ban (400)', async () => {
        const p = await player();
        const admin = await newAdmin(app.url);
        for (const banReason of [undefined, '', '   ']) {
          const res = await admin.put(`/api/admin/users/${p.id}/moderate`, { isBanned: true, banReason });
          expect(res.status).toBe(400);
          expect(res.body.message).toBe('Please give a reason for the ban');
        }
        expect((await admin.put('/api/admin/users/2147483000/moderate', { isBanned: true, banReason: 'x' })).status).toBe(404);
      });

      it('bans at once: session ended, socket told and closed, login refused with the reason, trades cancelled; unban restores', async () => {
        const [banned, partner] = [await player(), await player()];
        const [adminA, adminB] = [await newAdmin(app.url), await newAdmin(app.url)];
        const [mine, theirs] = [await create(banned), await create(partner)];
        const tradeId = await offerTrade(banned, mine.id, partner, theirs.id);
        const challenge = await partner.client.post('/api/battles', { challengerId: partner.id, defenderId: banned.id, challengerPogId: theirs.id, battleType: 'standard' });
        expect(challenge.status, JSON.stringify(challenge.body)).toBe(201);

        const socket = await connectSocket(app.url, banned.client);
        const revoked = recordEvents(socket, 'session:revoked');
        const secondTab = banned.client.clone();
        expect((await secondTab.get('/api/user')).status).toBe(200);

        const adminBSocket = await connectSocket(app.url, adminB);
        const userEvents = recordEvents(adminBSocket, 'moderation:user');
        const res = await adminA.put(`/api/admin/users/${banned.id}/moderate`, { isBanned: true, banReason: 'Cheating in battles' });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body).toMatchObject({ id: banned.id, isBanned: true, banReason: 'Cheating in battles', lastModeratedAt: expect.any(String) });

        // The other admin's Users tab hears of it at once.
        await waitFor(() => userEvents.length > 0, 5000, 'moderation:user on the second admin');
        expect(userEvents[0]).toEqual({ action: 'banned', user: res.body });
        adminBSocket.close();
        expect((await banned.client.get('/api/user')).status).toBe(401);
        expect((await secondTab.get('/api/user')).status).toBe(401);
        await waitFor(() => socket.disconnected, 5000, 'the banned socket to close');
        expect(revoked).toEqual([{ reason: 'Your account has been banned: Cheating in battles' }]);
        await expect(connectSocket(app.url, banned.client)).rejects.toThrow(/unauthorized/);

        const login = await new ApiClient(app.url).post('/api/login', { username: banned.username, password: 'secret-password' });
        expect(login.status).toBe(403);
        expect(login.body.code).toBe('FORBIDDEN');
        expect(login.body.message).toContain('Cheating in battles');

        await expectCancelled(partner, tradeId, 'banned');
        expect((await partner.client.get(`/api/battles/${challenge.body.id}`)).body.status).toBe('cancelled');
        expect((await partner.client.get('/api/notifications')).body.items.some((n: { kind: string }) => n.kind === 'battle.cancelled')).toBe(true);

        // The second admin's stale view: already banned.
        expect((await adminB.put(`/api/admin/users/${banned.id}/moderate`, { isBanned: true, banReason: 'again' })).status).toBe(409);

        const unban = await adminB.put(`/api/admin/users/${banned.id}/moderate`, { isBanned: false, banReason: 'ignored' });
        expect(unban.status).toBe(200);
        expect(unban.body).toMatchObject({ isBanned: false, banReason: null });
        const again = new ApiClient(app.url);
        expect((await again.post('/api/login', { username: banned.username, password: 'secret-password' })).status).toBe(200);
        expect((await again.get('/api/user')).status).toBe(200);
        expect((await adminB.put(`/api/admin/users/${banned.id}/moderate`, { isBanned: false })).status).toBe(409);

        const audit = await adminA.get(`/api/admin/audit?targetType=user&targetId=${banned.id}`);
        expect(audit.body.map((a: { action: string }) => a.action)).toEqual(['unbanned', 'banned']);
        expect(audit.body[0].adminSessionId).not.toBe(audit.body[1].adminSessionId);
      });
    });

    describe('admin sockets', () => {
      it('joins `admins` with the admin cookie only, and leaves it at admin logout', async () => {
        const admin = await newAdmin(app.url);
        const socket = await connectSocket(app.url, admin);
        await waitFor(() => app.runtime.sockets!.streamsOf(socket.id!).includes('admins'), 5000, 'the admins stream');
        await admin.post('/api/admin/auth/logout');
        await waitFor(() => socket.disconnected, 5000, 'the admin-only socket to close');
      });

      it('keeps a socket with both cookies connected as the player when the admin session ends', async () => {
        const p = await player();
        await p.client.post('/api/admin/auth', { password: TEST_ADMIN_PASSWORD });
        const socket = await connectSocket(app.url, p.client);
        const streams = () => app.runtime.sockets!.streamsOf(socket.id!);
        try {
          await waitFor(() => streams().includes('admins') && streams().includes(`user:${p.id}`), 5000, 'both streams');
          await p.client.post('/api/admin/auth/logout');
          await waitFor(() => !streams().includes('admins'), 5000, 'leave the admins stream');
          expect(socket.connected).toBe(true);
          expect(streams()).toEqual([`user:${p.id}`]);
        } finally {
          socket.close();
        }
      });

      it('refuses a forged admin cookie', async () => {
        await expect(connectSocket(app.url, undefined, { cookie: 'pf.admin=forged; pf.admin.sig=nope' })).rejects.toThrow(/unauthorized/);
      });
    });
  });
});
