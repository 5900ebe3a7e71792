/**
 * Delete spammer over HTTP: the preview, the action, who may and whom it may not touch, the other
 * players told live, every admin's queue following, and a retry answered 409.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@pog/domain/clock';
import { tables, type Db } from '@pog/domain/db';
import { newAdmin, TEST_ADMIN_PASSWORD } from '../testing/admins';
import { ApiClient } from '../testing/api-client';
import { accept, challenge, createPlayer, givePog, offerTrade, type TestPlayer } from '../testing/factories';
import { setupTitle, TEST_SETUPS } from '../testing/databases';
import { connectSocket, recordEvents } from '../testing/sockets';
import { startTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait';

describe.each(TEST_SETUPS)('Delete spammer API', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    let db: Db;
    let admin: ApiClient;
    const clock = new ManualClock(new Date('2034-05-01T12:00:00Z'));
    beforeAll(async () => {
      app = await startTestApp({ backend: setup.backend, env: setup.env, clock });
      db = app.runtime.db;
      admin = await newAdmin(app.url);
    });
    afterAll(async () => {
      await app?.close();
    });

    const player = () => createPlayer(app, 'spam');
    const path = (p: Pick<TestPlayer, 'id'> | number) => `/api/admin/users/${typeof p === 'number' ? p : p.id}/delete-spammer`;
    const deleteAs = (client: ApiClient, p: Pick<TestPlayer, 'id'> | number, reason = 'Spam links') => client.post(path(p), { reason });

    it('refuses callers without an admin session (401, a player whose role is admin too) and changes nothing', async () => {
      const target = await player();
      const pog = await givePog(db, target.id);
      const roleAdmin = await player();
      await db.update(tables.users).set({ role: 'admin' }).where(eq(tables.users.id, roleAdmin.id));
      for (const client of [new ApiClient(app.url), roleAdmin.client, target.client]) {
        for (const res of [await deleteAs(client, target), await client.get(path(target))]) {
          expect([res.status, res.body.code]).toEqual([401, 'UNAUTHORIZED']);
        }
      }
      expect((await db.select().from(tables.users).where(eq(tables.users.id, target.id)))[0]?.isBanned).toBe(false);
      expect((await target.client.get(`/api/pogs/${pog}`)).status).toBe(200);
    });

    it('refuses an admin account and the admin’s own account with 403, an unknown player with 404, a blank reason with 400', async () => {
      const boss = await player();
      await db.update(tables.users).set({ role: 'admin' }).where(eq(tables.users.id, boss.id));
      const refused = await deleteAs(admin, boss);
      expect([refused.status, refused.body]).toEqual([403, { code: 'FORBIDDEN', message: `${boss.username} is an admin: an admin account cannot be deleted as a spammer.` }]);
      expect((await admin.get(path(boss))).body.refusal).toBe(refused.body.message);

      // A player who also holds an admin session, in the same browser, targeting themselves.
      const self = await player();
      expect((await self.client.post('/api/admin/auth', { password: TEST_ADMIN_PASSWORD })).status).toBe(200);
      const own = await deleteAs(self.client, self);
      expect([own.status, own.body.message]).toEqual([403, 'You cannot delete your own account as a spammer.']);

      expect((await deleteAs(admin, 2_000_000_000)).status).toBe(404);
      expect((await admin.get(path(2_000_000_000))).status).toBe(404);
      const target = await player();
      for (const body of [{ reason: '   ' }, {}, { reason: null }, { reason: 'x'.repeat(501) }]) {
        const res = await admin.post(path(target), body);
        expect([body, res.status, res.body.code]).toEqual([body, 400, 'VALIDATION_ERROR']);
      }
      for (const p of [boss, self, target]) expect((await db.select().from(tables.users).where(eq(tables.users.id, p.id)))[0]?.isBanned).toBe(false);
    });

    it('bans, removes the POGs, ends the offers and battles with the other player told live, and answers a retry with 409', async () => {
      const [spammer, victim] = [await player(), await player()];
      const [s1, s2, s3] = [await givePog(db, spammer.id, { name: 'Buy Cheap' }), await givePog(db, spammer.id), await givePog(db, spammer.id)];
      const [v1, v2, v3] = [await givePog(db, victim.id), await givePog(db, victim.id), await givePog(db, victim.id)];
      const offer = await offerTrade(app, victim.id, spammer.id, v1, s1);
      await offerTrade(app, spammer.id, victim.id, s2, v2);
      const battle = await challenge(app, victim.id, spammer.id, v3);
      await accept(app, battle.id, spammer.id, s3);

      const preview = await admin.get(path(spammer));
      expect(preview.status).toBe(200);
      expect(preview.body).toMatchObject({ user: { id: spammer.id, username: spammer.username, isBanned: false }, footprint: { pogs: 3, offers: 2, battles: 1, designedHeldByOthers: 0 }, refusal: null });

      const adminSocket = await connectSocket(app.url, admin);
      const victimSocket = await connectSocket(app.url, victim.client);
      try {
        const queue = recordEvents(adminSocket, 'moderation:queue');
        const userEvents = recordEvents(adminSocket, 'moderation:user');
        const trades = recordEvents(victimSocket, 'trade:updated');
        const battles = recordEvents(victimSocket, 'battle:updated');
        const told = recordEvents(victimSocket, 'notification');

        const res = await deleteAs(admin, spammer);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body).toMatchObject({ user: { id: spammer.id, isBanned: true, banReason: 'Spam links' }, removedPogs: 3, endedOffers: 2, endedBattles: 1 });

        await waitFor(() => userEvents.some((e) => e.action === 'banned' && e.user.id === spammer.id), 5000, 'moderation:user banned');
        await waitFor(() => [s1, s2, s3].every((id) => queue.some((e) => e.action === 'deleted' && e.pog.id === id)), 5000, 'moderation:queue deleted');
        await waitFor(() => trades.filter((t) => t.status === 'cancelled').length === 2, 5000, 'trade:updated');
        await waitFor(() => battles.some((b) => b.id === battle.id && b.status === 'cancelled'), 5000, 'battle:updated');
        await waitFor(() => told.filter((n) => n.kind === 'trade.cancelled').length === 2 && told.some((n) => n.kind === 'battle.cancelled'), 5000, 'notifications');
      } finally {
        adminSocket.close();
        victimSocket.close();
      }
      // The spammer's POGs are gone from everywhere; the victim's stay; the spammer is signed out.
      for (const id of [s1, s2, s3]) expect((await victim.client.get(`/api/pogs/${id}`)).status).toBe(404);
      for (const id of [v1, v2, v3]) expect((await victim.client.get(`/api/pogs/${id}`)).body.userId).toBe(victim.id);
      expect((await victim.client.get(`/api/trades/pending/${victim.id}`)).body).toEqual([]);
      const history = await victim.client.get(`/api/trades/history/${victim.id}`);
      expect(history.body.find((t: { id: number }) => t.id === offer.id)).toMatchObject({ status: 'cancelled', cancelReason: 'banned' });
      expect((await spammer.client.get('/api/user')).status).toBe(401);
      const audit = await admin.get(`/api/admin/audit-log?action=spammer_deleted&targetType=user&targetId=${spammer.id}`);
      expect(audit.body.entries).toMatchObject([{ action: 'spammer_deleted', targetName: spammer.username, notes: 'Spam links (3 POGs removed, 2 trade offers and 1 battle ended)' }]);

      // A retry, or a second admin: 409, nothing more happens.
      const again = await deleteAs(admin, spammer);
      expect([again.status, again.body]).toEqual([409, { code: 'CONFLICT', message: `${spammer.username} is already banned and holds no POGs: there is nothing left to delete.` }]);
      expect((await admin.get(`/api/admin/audit-log?action=spammer_deleted&targetType=user&targetId=${spammer.id}`)).body.entries).toHaveLength(1);
      expect((await admin.get(path(spammer))).body.refusal).toBe(again.body.message);
    });

    it('takes an already banned player’s remaining POGs, keeping the ban', async () => {
      const spammer = await player();
      const pog = await givePog(db, spammer.id);
      expect((await admin.put(`/api/admin/users/${spammer.id}/moderate`, { isBanned: true, banReason: 'First warning' })).status).toBe(200);
      const res = await deleteAs(admin, spammer, 'Still spamming');
      expect(res.body).toMatchObject({ user: { isBanned: true, banReason: 'Still spamming' }, removedPogs: 1, endedOffers: 0, endedBattles: 0 });
      expect((await admin.get(`/api/pogs/${pog}`)).status).toBe(404);
    });
  });
});
