import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '@pog/domain/db';
import { ApiClient } from '../testing/api-client';
import { setupTitle, TEST_SETUPS, uniqueName } from '../testing/databases';
import { connectSocket, recordEvents } from '../testing/sockets';
import { startTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait';

describe.each(TEST_SETUPS)('notifications', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ backend: setup.backend, env: setup.env });
    });
    afterAll(async () => {
      await app?.close();
    });

    async function playerWithWelcome() {
      const c = new ApiClient(app.url);
      const user = await c.register(uniqueName());
      const list = await waitFor(async () => {
        const res = await c.get('/api/notifications');
        return res.body.items.length > 0 ? res.body : undefined;
      }, 10_000, 'the welcome notification');
      return { c, user, list };
    }

    it('stores the welcome notification once registration is processed', async () => {
      const { user, list } = await playerWithWelcome();
      expect(list.unreadCount).toBe(1);
      expect(list.items).toEqual([
        {
          id: expect.any(Number),
          userId: user.id,
          kind: 'welcome',
          title: 'Welcome to Pog Federation',
          body: expect.any(String),
          link: '/create',
          read: false,
          createdAt: expect.any(String),
        },
      ]);
    });

    it('marks chosen or all notifications read, never another player\'s', async () => {
      const a = await playerWithWelcome();
      const b = await playerWithWelcome();
      const foreignId = b.list.items[0].id;
      expect((await a.c.post('/api/notifications/read', { ids: [foreignId] })).status).toBe(204);
      expect((await b.c.get('/api/notifications')).body.unreadCount).toBe(1);

      expect((await a.c.post('/api/notifications/read', { ids: [a.list.items[0].id] })).status).toBe(204);
      expect((await a.c.get('/api/notifications')).body.unreadCount).toBe(0);

      expect((await b.c.post('/api/notifications/read', {})).status).toBe(204);
      const after = await b.c.get('/api/notifications');
      expect(after.body.unreadCount).toBe(0);
      expect(after.body.items[0].read).toBe(true);
    });

    it('tells every tab of the player what was marked read and the unread count after it', async () => {
      const { c, user } = await playerWithWelcome();
      const extra = await app.runtime.db
        .insert(tables.notifications)
        .values([1, 2, 3].map((n) => ({ userId: user.id, kind: 'trade.offered', title: `Offer ${n}`, body: 'An offer' })))
        .returning({ id: tables.notifications.id });
      const position = await waitFor(async () => ((await c.get('/api/user')).body.streamPosition as number) || undefined, 5000, 'the welcome event');
      // Another tab of the same player.
      const socket = await connectSocket(app.url, c.clone(), {}, { [`user:${user.id}`]: position });
      try {
        const reads = recordEvents(socket, 'notifications:read');
        expect((await c.post('/api/notifications/read', { ids: [extra[0]!.id] })).status).toBe(204);
        await waitFor(() => reads.length === 1, 5000, 'the first read event');
        expect(reads[0]).toEqual({ ids: [extra[0]!.id], unreadCount: 3 });
        // Mark all read: every one, whatever the list showed.
        expect((await c.post('/api/notifications/read', {})).status).toBe(204);
        await waitFor(() => reads.length === 2, 5000, 'the mark-all event');
        expect(reads[1]).toEqual({ ids: null, unreadCount: 0 });
        expect((await c.get('/api/notifications')).body.unreadCount).toBe(0);
        // Nothing left to mark: nothing is pushed.
        expect((await c.post('/api/notifications/read', {})).status).toBe(204);
        await new Promise((r) => setTimeout(r, 300));
        expect(reads).toHaveLength(2);
      } finally {
        socket.close();
      }
    });

    it('validates the ids and needs a session', async () => {
      const { c } = await playerWithWelcome();
      const bad = await c.post('/api/notifications/read', { ids: ['one'] });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('VALIDATION_ERROR');
      expect((await new ApiClient(app.url).get('/api/notifications')).status).toBe(401);
      expect((await new ApiClient(app.url).post('/api/notifications/read', {})).status).toBe(401);
    });

    it('pushes a stored notification to the player\'s socket once, even when the job runs again', async () => {
      const { c, user } = await playerWithWelcome();
      // Resume after the welcome's own event, as a page that has read it would.
      const position = await waitFor(async () => ((await c.get('/api/user')).body.streamPosition as number) || undefined, 5000, 'the welcome event');
      const socket = await connectSocket(app.url, c, {}, { [`user:${user.id}`]: position });
      try {
        const seen = recordEvents(socket, 'notification');
        // Forget the stored welcome, then run the job three times at once, as retries would.
        await app.runtime.db.delete(tables.notifications).where(eq(tables.notifications.userId, user.id));
        await Promise.all([1, 2, 3].map(() => app.runtime.queue.run('user.welcome', { userId: user.id })));
        await waitFor(() => seen.length > 0, 5000, 'the notification event');
        await new Promise((r) => setTimeout(r, 200));
        expect(seen).toHaveLength(1);
        expect(seen[0]).toMatchObject({ userId: user.id, title: 'Welcome to Pog Federation', read: false });
        const stored = await c.get('/api/notifications');
        expect(stored.body.items).toHaveLength(1);
        expect(stored.body.items[0].id).toBe(seen[0]!.id);
      } finally {
        socket.close();
      }
    });
  });
});
