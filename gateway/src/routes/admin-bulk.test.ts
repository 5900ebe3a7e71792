/**
 * POST /api/admin/pogs/bulk: admin sessions only, its body validated (400), a batch refused whole
 * with the offending ids named (404, 409) and nothing changed, and a batch that goes through
 * telling every owner and every admin live.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tables } from '@pog/domain/db';
import type { PogId } from '@pog/common/schemas/ids';
import { ApiClient } from '../testing/api-client';
import { newAdmin } from '../testing/admins';
import { backendTitle, BACKENDS } from '../testing/databases';
import { createPlayer, dbOf, givePog, type TestPlayer } from '../testing/factories';
import { connectSocket, recordEvents } from '../testing/sockets';
import { startTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait';

const BULK = '/api/admin/pogs/bulk';

describe.each(BACKENDS)('bulk moderation API', (backend) => {
  describe.skipIf(Boolean(backend.skipReason))(backendTitle(backend), () => {
    let app: TestApp;
    let admin: ApiClient;
    let owner: TestPlayer;
    beforeAll(async () => {
      app = await startTestApp({ backend: backend.name });
      admin = await newAdmin(app.url);
      owner = await createPlayer(app, 'bulk');
    });
    afterAll(async () => {
      await app?.close();
    });

    /** Flagged POGs of the owner, as a report leaves them. */
    const flagged = async (count: number, name = 'Bulk'): Promise<PogId[]> => {
      const ids: PogId[] = [];
      for (let i = 0; i < count; i++) ids.push(await givePog(dbOf(app), owner.id, { name: `${name} ${i}`, isFlagged: true }));
      return ids;
    };
    const states = async (ids: PogId[]) =>
      Promise.all(ids.map(async (id) => (await dbOf(app).select().from(tables.pogs).where(eq(tables.pogs.id, id)))[0]?.moderationStatus ?? 'gone'));

    it('answers 401 without an admin session, a player session of an admin-role user included', async () => {
      const [id] = await flagged(1);
      const body = { action: 'approve', ids: [id] };
      const anonymous = await new ApiClient(app.url).post(BULK, body);
      expect(anonymous.status).toBe(401);
      const player = await createPlayer(app, 'nonadmin');
      expect((await player.client.post(BULK, body)).status).toBe(401);
      await dbOf(app).update(tables.users).set({ role: 'admin' }).where(eq(tables.users.id, player.id));
      const roleOnly = await player.client.post(BULK, body);
      expect(roleOnly.status).toBe(401);
      expect(roleOnly.body.code).toBe('UNAUTHORIZED');
      expect(await states([id!])).toEqual(['none']);
    });

    it('answers 400 for an unknown action, no ids, more than 100, repeated ids or ids that are not ids', async () => {
      const [a, b] = await flagged(2);
      const cases: [unknown, string][] = [
        [{ action: 'ban', ids: [a] }, 'action must be approve, reject or delete'],
        [{ action: 'approve', ids: [] }, 'Select at least one POG'],
        [{ action: 'approve', ids: Array.from({ length: 101 }, (_, i) => i + 1) }, 'At most 100 POGs can be moderated at once'],
        [{ action: 'reject', ids: [a, b, a] }, `Each POG may be named once; repeated: #${a}`],
        [{ action: 'delete', ids: ['7'] }, 'Each POG id must be an id'],
        [{ action: 'approve' }, 'ids must be a list of POG ids'],
      ];
      for (const [body, message] of cases) {
        const res = await admin.post(BULK, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.code).toBe('VALIDATION_ERROR');
        expect(res.body.message).toContain(message);
      }
      // 100 distinct ids is the limit, not over it: they are missing here, so 404 rather than 400.
      const hundred = await admin.post(BULK, { action: 'approve', ids: Array.from({ length: 100 }, (_, i) => 2_000_000_000 + i) });
      expect(hundred.status).toBe(404);
      expect(await states([a!, b!])).toEqual(['none', 'none']);
    });

    it('answers 404 naming the missing ids and 409 naming the decided ones, changing nothing', async () => {
      const ids = await flagged(3);
      const [gone] = await flagged(1);
      await dbOf(app).delete(tables.pogs).where(eq(tables.pogs.id, gone!));
      const missing = await admin.post(BULK, { action: 'delete', ids: [...ids, gone] });
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ code: 'NOT_FOUND', details: { ids: [gone] } });
      expect(missing.body.message).toBe(`This POG no longer exists: #${gone}. Nothing was changed.`);
      expect(await states(ids)).toEqual(['none', 'none', 'none']);

      expect((await admin.put(`/api/admin/pogs/${ids[1]}/moderate`, { isApproved: false, isFlagged: true })).status).toBe(200);
      const decided = await admin.post(BULK, { action: 'reject', ids, notes: 'Nope' });
      expect(decided.status).toBe(409);
      expect(decided.body).toMatchObject({ code: 'CONFLICT', details: { ids: [ids[1]] } });
      expect(decided.body.message).toBe(`Already rejected: Bulk 1 (#${ids[1]}). Nothing was changed.`);
      expect(await states(ids)).toEqual(['none', 'rejected', 'none']);
      const notes = await owner.client.get('/api/notifications');
      expect(notes.body.items.filter((n: { kind: string }) => n.kind === 'pog.rejected')).toHaveLength(1);
    });

    it('approves a batch: every admin sees each POG leave the queue live, the owner is told of each', async () => {
      const ids = await flagged(3, 'Live');
      const other = await newAdmin(app.url);
      const [socket, ownerSocket] = [await connectSocket(app.url, other), await connectSocket(app.url, owner.client)];
      try {
        const queue = recordEvents(socket, 'moderation:queue');
        const told = recordEvents(ownerSocket, 'notification');
        const res = await admin.post(BULK, { action: 'approve', ids: [...ids].reverse(), notes: 'All fine' });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.action).toBe('approve');
        expect(res.body.pogs.map((p: { id: number; moderationStatus: string; moderationNotes: string }) => [p.id, p.moderationStatus, p.moderationNotes])).toEqual(
          ids.map((id) => [id, 'approved', 'All fine']),
        );
        await waitFor(() => ids.every((id) => queue.some((e) => e.action === 'approved' && e.pog.id === id)), 5000, 'every approval on the other admin');
        await waitFor(() => ids.every((id) => told.some((n) => n.kind === 'pog.approved' && n.link === `/pog/${id}`)), 5000, 'every owner notification');
        const queueNow = await other.get('/api/admin/pogs/flagged?limit=500');
        expect(queueNow.body.map((p: { id: number }) => p.id)).not.toContain(ids[0]);
        const audit = await admin.get('/api/admin/audit-log?action=approved');
        expect(audit.body.entries.filter((e: { targetId: number }) => ids.includes(e.targetId as PogId))).toHaveLength(3);
      } finally {
        socket.close();
        ownerSocket.close();
      }
    });

    it('deletes a batch: the POGs are gone, each owner is told', async () => {
      const ids = await flagged(2, 'Doomed');
      const res = await admin.post(BULK, { action: 'delete', ids });
      expect(res.status).toBe(200);
      expect(res.body.pogs.map((p: { name: string }) => p.name)).toEqual(['Doomed 0', 'Doomed 1']);
      expect(await states(ids)).toEqual(['gone', 'gone']);
      expect((await admin.get(`/api/pogs/${ids[0]}`)).status).toBe(404);
      const notes = await owner.client.get('/api/notifications');
      expect(notes.body.items.filter((n: { title: string }) => ['Doomed 0 was removed', 'Doomed 1 was removed'].includes(n.title))).toHaveLength(2);
    });
  });
});
