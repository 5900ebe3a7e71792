/**
 * Moderation reasons and the audit log through the API: a flag's reason reaches the admins' POG
 * (and its owner's, nobody else's), every action is audited with its actor, GET
 * /api/admin/audit-log filters and pages, it is the admins' alone, and the `audit.sweep` job keeps
 * lines for AUDIT_RETENTION_DAYS.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@pog/common';
import { ManualClock } from '@pog/domain/clock';
import { tables } from '@pog/domain/db';
import { TEST_ADMIN_PASSWORD, newAdmin } from '../testing/admins';
import { ApiClient } from '../testing/api-client';
import { setupTitle, TEST_SETUPS } from '../testing/databases';
import { createPlayer, type TestPlayer } from '../testing/factories';
import { pogDesign, waitForScore } from '../testing/players';
import { startTestApp, type TestApp } from '../testing/test-app';
import type { PogId } from '@pog/common/schemas/ids';

const DAY = 24 * 3600_000;

interface Line {
  id: number;
  action: string;
  adminSessionId: number | null;
  actor: { kind: string; name: string | null; sessionStartedAt: string | null };
  targetId: number;
  notes: string | null;
  reason: { cause: string; word: string | null; repeatsPogId: number | null } | null;
}

describe.each(TEST_SETUPS)('the audit log API', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    const clock = new ManualClock(new Date('2033-06-01T10:00:00Z'));
    beforeAll(async () => {
      // A database of its own on PostgreSQL: the sweep looks at every line of the log.
      app = await startTestApp({ backend: setup.backend, env: { ...setup.env, AUDIT_RETENTION_DAYS: '30' }, clock, ownDatabase: true });
    });
    afterAll(async () => {
      await app?.close();
    });
    const player = () => createPlayer(app);
    async function create(p: TestPlayer, overrides: Record<string, unknown> = {}) {
      const res = await p.client.post('/api/pogs', pogDesign(p.id, overrides));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      clock.advance(LIMITS.creationCooldownSeconds * 1000 + 1000);
      return res.body as { id: PogId; name: string };
    }
    const log = async (admin: ApiClient, query: string): Promise<{ entries: Line[]; nextBefore: number | null }> => {
      const res = await admin.get(`/api/admin/audit-log?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };

    it('shows an automatic flag’s blocked word to the admins and the owner, and audits it', async () => {
      const [owner, other] = [await player(), await player()];
      const admin = await newAdmin(app.url);
      const pog = await create(owner, { name: 'Sh1t happens' });
      expect((await waitForScore(owner.client, pog.id)).isFlagged).toBe(true);
      const reason = { cause: 'words', word: 'shit', repeatsPogId: null };
      const flagged = (await admin.get('/api/admin/pogs/flagged')).body.find((p: { id: number }) => p.id === pog.id);
      expect(flagged.flagReason).toEqual(reason);
      expect((await owner.client.get(`/api/pogs/${pog.id}`)).body.flagReason).toEqual(reason);
      expect((await other.client.get(`/api/pogs/${pog.id}`)).body.flagReason).toBeNull();

      const { entries } = await log(admin, `action=flagged&targetType=pog&targetId=${pog.id}`);
      expect(entries).toEqual([expect.objectContaining({ action: 'flagged', adminSessionId: null, actor: expect.objectContaining({ kind: 'automatic' }), reason })]);
    });

    it('names the admin-role player signed in beside the admin session, else the session and when it started', async () => {
      const owner = await player();
      const pog = await create(owner);
      // One browser with both cookies: a player whose role is admin, signed in to the admin area too.
      const boss = await player();
      await app.runtime.db.update(tables.users).set({ role: 'admin' }).where(eq(tables.users.id, boss.id));
      expect((await boss.client.post('/api/admin/auth', { password: TEST_ADMIN_PASSWORD })).status).toBe(200);
      expect((await boss.client.put(`/api/admin/pogs/${pog.id}/moderate`, { isApproved: false, isFlagged: true, moderationNotes: 'No' })).status).toBe(200);
      const plain = await newAdmin(app.url);
      expect((await plain.put(`/api/admin/pogs/${pog.id}/moderate`, { isApproved: true, isFlagged: false, moderationNotes: 'Fine' })).status).toBe(200);
      expect((await plain.put(`/api/admin/users/${owner.id}/moderate`, { isBanned: true, banReason: 'Spam' })).status).toBe(200);

      const onPog = await log(plain, `targetType=pog&targetId=${pog.id}`);
      expect(onPog.entries.map((line) => [line.action, line.actor.kind, line.actor.name, line.notes])).toEqual([
        ['approved', 'admin', null, 'Fine'],
        ['rejected', 'admin', boss.username, 'No'],
      ]);
      expect(onPog.entries[0]!.actor.sessionStartedAt).toBe(clock.now().toISOString());
      // By the admin: the player's username, or a session's number.
      expect((await log(plain, `admin=${boss.username}&targetId=${pog.id}`)).entries.map((line) => line.action)).toEqual(['rejected']);
      const sessionOfPlain = onPog.entries[0]!.adminSessionId!;
      expect((await log(plain, `admin=%23${sessionOfPlain}`)).entries.map((line) => [line.action, line.targetId])).toEqual([
        ['banned', owner.id],
        ['approved', pog.id],
      ]);
      expect((await log(plain, `action=banned&targetType=user&targetId=${owner.id}`)).entries.map((line) => line.notes)).toEqual(['Spam']);
    });

    it('pages newest first', async () => {
      const owner = await player();
      const pog = await create(owner);
      const admin = await newAdmin(app.url);
      for (const isApproved of [true, false, true]) {
        expect((await admin.put(`/api/admin/pogs/${pog.id}/moderate`, { isApproved, isFlagged: !isApproved })).status).toBe(200);
      }
      const first = await log(admin, `targetType=pog&targetId=${pog.id}&limit=2`);
      expect(first.entries.map((line) => line.action)).toEqual(['approved', 'rejected']);
      const second = await log(admin, `targetType=pog&targetId=${pog.id}&limit=2&before=${first.nextBefore}`);
      expect(second.entries.map((line) => line.action)).toEqual(['approved']);
      expect(second.nextBefore).toBeNull();
    });

    it('is the admins’ alone, and refuses filters it cannot read (400)', async () => {
      expect((await new ApiClient(app.url).get('/api/admin/audit-log')).status).toBe(401);
      const p = await player();
      await app.runtime.db.update(tables.users).set({ role: 'admin' }).where(eq(tables.users.id, p.id));
      expect((await p.client.get('/api/admin/audit-log')).status).toBe(401);
      const admin = await newAdmin(app.url);
      for (const query of ['action=nuked', 'targetType=trade', 'targetId=abc', 'limit=0', 'limit=201', 'before=-1', `admin=${'x'.repeat(65)}`]) {
        expect((await admin.get(`/api/admin/audit-log?${query}`)).status, query).toBe(400);
      }
    });

    it('sweeps lines older than AUDIT_RETENTION_DAYS with the audit.sweep job, and nothing newer', async () => {
      const owner = await player();
      const [old, recent] = [await create(owner), await create(owner)];
      const admin = await newAdmin(app.url);
      expect((await admin.put(`/api/admin/pogs/${old.id}/moderate`, { isApproved: true, isFlagged: false })).status).toBe(200);
      clock.advance(2 * DAY);
      const later = await newAdmin(app.url);
      expect((await later.put(`/api/admin/pogs/${recent.id}/moderate`, { isApproved: true, isFlagged: false })).status).toBe(200);
      clock.advance(29 * DAY);
      expect(await app.runtime.queue.run('audit.sweep', {})).toMatchObject({ deleted: expect.any(Number) });
      const reader = await newAdmin(app.url);
      expect((await log(reader, `targetType=pog&targetId=${old.id}`)).entries).toEqual([]);
      expect((await log(reader, `targetType=pog&targetId=${recent.id}`)).entries.map((line) => line.action)).toEqual(['approved']);
      expect(await app.runtime.queue.run('audit.sweep', {})).toEqual({ deleted: 0 });
    });
  });
});
