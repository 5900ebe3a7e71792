/**
 * The distributed shape for real: two gateway processes and one worker process against the real
 * PostgreSQL and Redis. A request to gateway A causes a job that the worker runs; its notification
 * reaches a socket connected to gateway B.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../testing/api-client';
import { uniqueName } from '../testing/databases';
import { startService, type ServiceProcess } from '../testing/processes';
import { connectSocket, recordEvents } from '../testing/sockets';
import { waitFor } from '../testing/wait';
import type { UserId } from '@pog/common/schemas/ids';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const missing = [!databaseUrl && 'TEST_DATABASE_URL', !redisUrl && 'TEST_REDIS_URL'].filter(Boolean).join(' and ');

describe.skipIf(Boolean(missing))(`two gateways and a worker sharing PostgreSQL and Redis${missing ? ` [needs ${missing}]` : ''}`, () => {
  const processes: ServiceProcess[] = [];
  const env = {
    DATABASE_URL: databaseUrl ?? '',
    REDIS_URL: redisUrl ?? '',
    REDIS_PREFIX: `${process.env.TEST_REDIS_PREFIX ?? 'test'}-dist-${process.pid}-${Date.now()}`,
    SESSION_SECRET: 'shared-secret-for-all-gateways',
    ADMIN_PASSWORD: 'distributed-admin-password',
  };
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
  });

  it('carries sessions, jobs and events across processes, and shuts down gracefully', async () => {
    const [gatewayA, gatewayB] = await Promise.all([startService({ ...env, SERVICES: 'gateway' }), startService({ ...env, SERVICES: 'gateway' })]);
    processes.push(gatewayA!, gatewayB!);

    // Register on A: the welcome job waits in BullMQ, since no worker runs yet.
    const player = new ApiClient(gatewayA!.url);
    const user = await player.register(uniqueName('dist'));
    const onB = new ApiClient(gatewayB!.url);
    Object.assign(onB, { cookies: new Map((player as unknown as { cookies: Map<string, string> }).cookies) });
    expect((await onB.get('/api/user')).body.id).toBe(user.id);

    const socket = await connectSocket(gatewayB!.url, player);
    const notifications = recordEvents(socket, 'notification');
    const revoked = recordEvents(socket, 'session:revoked');
    try {
      const worker = await startService({ ...env, SERVICES: 'worker' });
      processes.push(worker);
      await waitFor(() => notifications.length > 0, 20_000, 'the welcome notification on gateway B');
      expect(notifications[0]).toMatchObject({ userId: user.id, title: 'Welcome to Pog Federation' });

      // Logging out on A ends the session on B at once, sockets included.
      expect((await player.post('/api/logout')).status).toBe(204);
      expect((await onB.get('/api/user')).status).toBe(401);
      await waitFor(() => socket.disconnected, 10_000, 'the socket on B to close');
      expect(revoked).toHaveLength(1);

      const codes = await Promise.all(processes.splice(0).map((p) => p.stop()));
      expect(codes).toEqual([0, 0, 0]);
    } finally {
      socket.close();
    }
  }, 120_000);

  it('refuses a player banned on one gateway on another at once, though that one had them cached', async () => {
    const [gatewayA, gatewayB] = await Promise.all([startService({ ...env, SERVICES: 'gateway' }), startService({ ...env, SERVICES: 'gateway' })]);
    processes.push(gatewayA!, gatewayB!);
    const player = new ApiClient(gatewayA!.url);
    const user = await player.register(uniqueName('banned'));
    // Gateway A keeps the session and the player's row from here on.
    for (let i = 0; i < 3; i++) expect((await player.get('/api/user')).status).toBe(200);
    const admin = new ApiClient(gatewayB!.url);
    expect((await admin.post('/api/admin/auth', { password: env.ADMIN_PASSWORD })).status).toBe(200);
    expect((await admin.put(`/api/admin/users/${user.id}/moderate`, { isBanned: true, banReason: 'Cheating' })).status).toBe(200);
    expect((await player.get('/api/user')).status).toBe(401);
  }, 120_000);

  it('delivers trade events between players on different gateways', async () => {
    const started = await Promise.all([
      startService({ ...env, SERVICES: 'gateway' }),
      startService({ ...env, SERVICES: 'gateway' }),
      startService({ ...env, SERVICES: 'worker' }),
    ]);
    processes.push(...started);
    const [gatewayA, gatewayB] = started;
    const alice = new ApiClient(gatewayA!.url);
    const bob = new ApiClient(gatewayB!.url);
    const [a, b] = await Promise.all([alice.register(uniqueName('alice')), bob.register(uniqueName('bob'))]);
    const design = (userId: UserId, name: string) => ({ userId, name, textContent: '', fontFamily: 'Bangers', textColor: '#FFFFFF', backgroundColor1: '#112233', backgroundColor2: '#445566', imageUrl: '', imageStyle: 'cover' });
    const [alicePog, bobPog] = await Promise.all([alice.post('/api/pogs', design(a.id, 'Alice Disc')), bob.post('/api/pogs', design(b.id, 'Bob Disc'))]);

    const [aliceSocket, bobSocket] = await Promise.all([connectSocket(gatewayA!.url, alice), connectSocket(gatewayB!.url, bob)]);
    try {
      const offers = recordEvents(bobSocket, 'trade:created');
      const updates = recordEvents(aliceSocket, 'trade:updated');
      const sent = await alice.post('/api/trades', { fromUserId: a.id, toUserId: b.id, offerPogId: alicePog.body.id, requestPogId: bobPog.body.id });
      expect(sent.status, `${JSON.stringify(sent.body)}\n${started.map((p) => p.output()).join('\n---\n')}`).toBe(201);
      await waitFor(() => offers.length > 0, 10_000, 'trade:created on gateway B');
      expect(offers[0]!.id).toBe(sent.body.id);

      const accepted = await bob.patch(`/api/trades/${sent.body.id}/status`, { status: 'accepted' });
      expect(accepted.status).toBe(200);
      await waitFor(() => updates.some((t) => t.status === 'accepted'), 10_000, 'trade:updated on gateway A');
      expect((await alice.get(`/api/users/${a.id}/pogs`)).body.map((p: { id: number }) => p.id)).toEqual([bobPog.body.id]);
    } finally {
      aliceSocket.close();
      bobSocket.close();
    }
  }, 120_000);
});
