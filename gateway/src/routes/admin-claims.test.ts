/**
 * Claims over the API: an admin claims a flagged POG or a player, every admin hears of it live
 * (`moderation:claim`) and reads it in GET /api/admin/claims; another admin's claim, release or
 * action is 409 'Claimed by …' unless it says `overrideClaim`; acting ends the claim; a claim lapses
 * after CLAIM_MINUTES by the app's clock.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@pog/domain/clock';
import { tables } from '@pog/domain/db';
import { createPlayer, dbOf, givePog } from '../testing/factories';
import { newAdmin, TEST_ADMIN_PASSWORD } from '../testing/admins';
import { ApiClient } from '../testing/api-client';
import { setupTitle, TEST_SETUPS } from '../testing/databases';
import { connectSocket, recordEvents } from '../testing/sockets';
import { startTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait';

const CLAIM_MINUTES = 3;

describe.each(TEST_SETUPS)('Admin claims API', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    const clock = new ManualClock(new Date());
    beforeAll(async () => {
      app = await startTestApp({ backend: setup.backend, env: { ...setup.env, CLAIM_MINUTES: String(CLAIM_MINUTES) }, clock });
    });
    afterAll(async () => {
      await app?.close();
    });

    /** A flagged POG of a fresh player. */
    async function flaggedPog() {
      const owner = await createPlayer(app);
      return { owner, id: await givePog(dbOf(app), owner.id, { name: 'Claim Me', isFlagged: true }) };
    }
    /** An admin session with an admin-role player signed in beside it ('name (admin)'). */
    async function namedAdmin() {
      const p = await createPlayer(app, 'mod');
      await app.runtime.db.update(tables.users).set({ role: 'admin' }).where(eq(tables.users.id, p.id));
      expect((await p.client.post('/api/admin/auth', { password: TEST_ADMIN_PASSWORD })).status).toBe(200);
      return p;
    }
    const claimsOf = async (admin: ApiClient) => (await admin.get('/api/admin/claims')).body as { adminSessionId: number; claims: Array<{ target: { type: string; id: number }; adminName: string | null; adminSessionId: number }> };

    it('claims a POG: every admin sees it live and in the list, and another admin acting is 409 until overridden', async () => {
      const ann = await namedAdmin();
      const bob = await newAdmin(app.url);
      const pog = await flaggedPog();
      const bobSocket = await connectSocket(app.url, bob);
      try {
        const claims = recordEvents(bobSocket, 'moderation:claim');
        const claimed = await ann.client.put(`/api/admin/pogs/${pog.id}/claim`, {});
        expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
        expect(claimed.body).toMatchObject({ target: { type: 'pog', id: pog.id }, adminName: ann.username });
        expect(Date.parse(claimed.body.expiresAt) - Date.parse(claimed.body.claimedAt)).toBe(CLAIM_MINUTES * 60_000);
        await waitFor(() => claims.some((e) => e.target.id === pog.id && e.claim?.adminName === ann.username), 5000, 'claim on the other admin');

        const seen = await claimsOf(bob);
        expect(seen.claims.filter((c) => c.target.type === 'pog' && c.target.id === pog.id)).toEqual([claimed.body]);
        expect(seen.adminSessionId).not.toBe(claimed.body.adminSessionId);
        expect((await claimsOf(ann.client)).adminSessionId).toBe(claimed.body.adminSessionId);

        const message = `Claimed by ${ann.username} (admin). Act anyway to override their claim.`;
        const refused = await bob.put(`/api/admin/pogs/${pog.id}/moderate`, { isApproved: false, isFlagged: true, moderationNotes: 'no' });
        expect(refused.status).toBe(409);
        expect(refused.body).toMatchObject({ code: 'CONFLICT', message, details: { claim: claimed.body } });
        expect((await bob.request('DELETE', `/api/admin/pogs/${pog.id}`)).status).toBe(409);
        expect((await bob.put(`/api/admin/pogs/${pog.id}/claim`, {})).body).toMatchObject({ code: 'CONFLICT', message });
        expect((await bob.request('DELETE', `/api/admin/pogs/${pog.id}/claim`)).status).toBe(409);
        const [unchanged] = await app.runtime.db.select().from(tables.pogs).where(eq(tables.pogs.id, pog.id));
        expect(unchanged).toMatchObject({ moderationStatus: 'none', lastModeratedAt: null });

        const acted = await bob.put(`/api/admin/pogs/${pog.id}/moderate`, { isApproved: false, isFlagged: true, moderationNotes: 'no', overrideClaim: true });
        expect(acted.status).toBe(200);
        expect(acted.body.moderationStatus).toBe('rejected');
        await waitFor(() => claims.some((e) => e.target.id === pog.id && e.claim === null), 5000, 'claim ended by the action');
        expect((await claimsOf(bob)).claims.some((c) => c.target.id === pog.id && c.target.type === 'pog')).toBe(false);
      } finally {
        bobSocket.close();
      }
    });

    it('deletes a claimed POG with ?overrideClaim=true, and bans a claimed player with overrideClaim', async () => {
      const [ann, bob] = [await newAdmin(app.url), await newAdmin(app.url)];
      const pog = await flaggedPog();
      expect((await ann.put(`/api/admin/pogs/${pog.id}/claim`, {})).status).toBe(200);
      expect((await bob.request('DELETE', `/api/admin/pogs/${pog.id}?overrideClaim=false`)).status).toBe(409);
      expect((await bob.request('DELETE', `/api/admin/pogs/${pog.id}?overrideClaim=true`)).status).toBe(204);

      const target = await createPlayer(app);
      const claimed = await ann.put(`/api/admin/users/${target.id}/claim`, {});
      expect(claimed.body).toMatchObject({ target: { type: 'user', id: target.id }, adminName: null });
      const ban = { isBanned: true, banReason: 'spam' };
      const refused = await bob.put(`/api/admin/users/${target.id}/moderate`, ban);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(`Claimed by Admin password session #${claimed.body.adminSessionId}. Act anyway to override their claim.`);
      expect((await bob.put(`/api/admin/users/${target.id}/moderate`, { ...ban, overrideClaim: true })).status).toBe(200);
      expect((await claimsOf(ann)).claims.some((c) => c.target.type === 'user' && c.target.id === target.id)).toBe(false);
    });

    it('lets the holder act without overriding, release their claim, and a claim lapse after CLAIM_MINUTES', async () => {
      const [ann, bob] = [await newAdmin(app.url), await newAdmin(app.url)];
      const [released, lapsing] = [await flaggedPog(), await flaggedPog()];
      expect((await ann.put(`/api/admin/pogs/${released.id}/claim`, {})).status).toBe(200);
      expect((await ann.request('DELETE', `/api/admin/pogs/${released.id}/claim`)).status).toBe(204);
      expect((await ann.request('DELETE', `/api/admin/pogs/${released.id}/claim`)).status).toBe(204);
      expect((await bob.put(`/api/admin/pogs/${released.id}/claim`, {})).status).toBe(200);

      expect((await ann.put(`/api/admin/pogs/${lapsing.id}/claim`, {})).status).toBe(200);
      clock.advance(CLAIM_MINUTES * 60_000 - 1000);
      expect((await bob.put(`/api/admin/pogs/${lapsing.id}/moderate`, { isApproved: true, isFlagged: false })).status).toBe(409);
      clock.advance(1000);
      expect((await claimsOf(bob)).claims.some((c) => c.target.id === lapsing.id && c.target.type === 'pog')).toBe(false);
      expect((await bob.put(`/api/admin/pogs/${lapsing.id}/moderate`, { isApproved: true, isFlagged: false })).status).toBe(200);
      // The holder of a claim acts without overriding it.
      expect((await bob.put(`/api/admin/pogs/${released.id}/moderate`, { isApproved: true, isFlagged: false })).status).toBe(200);
    });

    it('is for admin sessions only, and checks what it is given', async () => {
      const pog = await flaggedPog();
      const admin = await newAdmin(app.url);
      for (const client of [new ApiClient(app.url), pog.owner.client]) {
        expect((await client.get('/api/admin/claims')).status).toBe(401);
        expect((await client.put(`/api/admin/pogs/${pog.id}/claim`, {})).status).toBe(401);
        expect((await client.request('DELETE', `/api/admin/users/${pog.owner.id}/claim`)).status).toBe(401);
      }
      expect((await admin.put(`/api/admin/pogs/${pog.id}/claim`, { overrideClaim: 'yes' })).status).toBe(400);
      expect((await admin.put('/api/admin/pogs/2147483000/claim', {})).status).toBe(404);
      expect((await admin.put('/api/admin/users/2147483000/claim', {})).status).toBe(404);
      expect((await admin.request('DELETE', `/api/admin/pogs/${pog.id}?overrideClaim=maybe`)).status).toBe(400);
    });
  });
});
