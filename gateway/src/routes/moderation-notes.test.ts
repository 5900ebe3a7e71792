/**
 * A moderator's notes on a POG reach only the admins and the POG's owner: every
 * other answer and event carries `moderationNotes: null`, whoever asks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battle, Pog, Trade } from '@pog/common';
import type { Db } from '@pog/domain/db';
import { newAdmin } from '../testing/admins';
import { ApiClient } from '../testing/api-client';
import { createPlayer, givePog, type TestPlayer } from '../testing/factories';
import { backendTitle, BACKENDS, uniqueName } from '../testing/databases';
import { connectSocket, recordEvents, type TestSocket } from '../testing/sockets';
import { startTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait';
import type { PogId } from '@pog/common/schemas/ids';

type Player = TestPlayer;
const NOTE = 'Borderline: the text is rude';

describe.each(BACKENDS)('moderation notes', (backend) => {
  describe.skipIf(Boolean(backend.skipReason))(backendTitle(backend), () => {
    let app: TestApp;
    let db: Db;
    let admin: ApiClient;
    let owner: Player;
    let other: Player;
    let guest: ApiClient;
    let name: string;
    let pogId: PogId;
    const sockets: TestSocket[] = [];
    let ownerUpdates: Pog[];
    let adminQueue: Array<{ pog: Pog }>;
    let otherTrades: Trade[];

    beforeAll(async () => {
      app = await startTestApp({ backend: backend.name });
      db = app.runtime.db;
      [admin, owner, other, guest] = [await newAdmin(app.url), await createPlayer(app, 'mo'), await createPlayer(app, 'mx'), new ApiClient(app.url)];
      const [ownerSocket, adminSocket, otherSocket] = [await connectSocket(app.url, owner.client), await connectSocket(app.url, admin), await connectSocket(app.url, other.client)];
      sockets.push(ownerSocket, adminSocket, otherSocket);
      ownerUpdates = recordEvents(ownerSocket, 'pog:updated');
      adminQueue = recordEvents(adminSocket, 'moderation:queue');
      otherTrades = recordEvents(otherSocket, 'trade:created');
      name = uniqueName('Noted');
      pogId = await givePog(db, owner.id, { name });
      const moderated = await admin.put(`/api/admin/pogs/${pogId}/moderate`, { isApproved: true, isFlagged: false, moderationNotes: NOTE });
      expect(moderated.status, JSON.stringify(moderated.body)).toBe(200);
      expect(moderated.body.moderationNotes).toBe(NOTE);
    });
    afterAll(async () => {
      for (const socket of sockets) socket.close();
      await app?.close();
    });

    const notesOf = (pogs: Pog[]) => pogs.filter((p) => p.id === pogId).map((p) => p.moderationNotes);

    it('goes to the admins and the owner, live and in their views', async () => {
      await waitFor(async () => ownerUpdates.length > 0 && adminQueue.length > 0, 5000, 'the moderation events');
      expect(notesOf(ownerUpdates)).toEqual([NOTE]);
      expect(notesOf(adminQueue.map((e) => e.pog))).toEqual([NOTE]);
      expect(notesOf((await admin.get(`/api/admin/pogs/all?search=${name}`)).body)).toEqual([NOTE]);
      expect(notesOf((await owner.client.get(`/api/users/${owner.id}/pogs`)).body)).toEqual([NOTE]);
      expect((await owner.client.get(`/api/pogs/${pogId}`)).body.moderationNotes).toBe(NOTE);
      const notice = (await owner.client.get('/api/notifications')).body.items.find((n: { kind: string }) => n.kind === 'pog.approved');
      expect(notice.body).toContain(NOTE);
      expect(notice.link).toBe(`/pog/${pogId}`);
    });

    it('is null for guests and other players in lists, the recent strip and the single POG', async () => {
      for (const client of [guest, other.client]) {
        expect(notesOf((await client.get(`/api/pogs?creator=${owner.id}`)).body)).toEqual([null]);
        expect(notesOf((await client.get(`/api/pogs?search=${name}`)).body)).toEqual([null]);
        const recent = (await client.get('/api/pogs/recent')).body as Pog[];
        expect(recent.every((p) => p.moderationNotes === null)).toBe(true);
        expect(notesOf(recent)).toEqual([null]);
        expect(notesOf((await client.get(`/api/users/${owner.id}/pogs`)).body)).toEqual([null]);
        const single = await client.get(`/api/pogs/${pogId}`);
        expect(single.status).toBe(200);
        expect(single.body.moderationNotes).toBeNull();
      }
      // The owner's public lists are public too.
      expect(notesOf((await owner.client.get(`/api/pogs?creator=${owner.id}`)).body)).toEqual([null]);
    });

    it('is null in trades, for both players and in their events', async () => {
      const offered = await givePog(db, other.id, { name: uniqueName('Offer') });
      const res = await other.client.post('/api/trades', { fromUserId: other.id, toUserId: owner.id, offerPogId: offered, requestPogId: pogId });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.requestPog).toMatchObject({ id: pogId, moderationNotes: null });
      for (const p of [owner, other]) {
        const pending = (await p.client.get(`/api/trades/pending/${p.id}`)).body as Trade[];
        expect(pending.find((t) => t.id === res.body.id)?.requestPog?.moderationNotes).toBeNull();
      }
      await waitFor(async () => otherTrades.some((t) => t.id === res.body.id), 5000, 'the trade event');
      expect(otherTrades.find((t) => t.id === res.body.id)?.requestPog?.moderationNotes).toBeNull();
      expect((await other.client.post(`/api/trades/${res.body.id}/cancel`, { userId: other.id })).status).toBe(200);
    });

    it('is null in battles and battle history', async () => {
      const challengerPog = await givePog(db, other.id, { name: uniqueName('Rival') });
      const created = await other.client.post('/api/battles', { challengerId: other.id, defenderId: owner.id, challengerPogId: challengerPog, battleType: 'standard' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const accepted = await owner.client.post(`/api/battles/${created.body.id}/accept`, { defenderPogId: pogId });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      expect(accepted.body.defenderPog).toMatchObject({ id: pogId, moderationNotes: null });
      const completed = await other.client.post(`/api/battles/${created.body.id}/complete`);
      expect(completed.status, JSON.stringify(completed.body)).toBe(200);
      expect(completed.body.defenderPog.moderationNotes).toBeNull();
      for (const [viewer, of] of [[other, owner], [owner, owner], [other, other]] as const) {
        const history = (await viewer.client.get(`/api/battles/history/${of.id}`)).body as Battle[];
        const battle = history.find((b) => b.id === created.body.id);
        expect(battle?.defenderPog).toMatchObject({ id: pogId, moderationNotes: null });
      }
    });
  });
});
