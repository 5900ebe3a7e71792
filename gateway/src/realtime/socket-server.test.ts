import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../testing/api-client';
import { uniqueName } from '../testing/databases';
import { connectSocket } from '../testing/sockets';
import { startTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait';

describe('Socket.IO authentication', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses a connection without a session', async () => {
    await expect(connectSocket(app.url)).rejects.toThrow(/unauthorized/);
  });

  it('refuses a forged or unsigned cookie', async () => {
    await expect(connectSocket(app.url, undefined, { cookie: 'pf.sid=forged; pf.sid.sig=nope' })).rejects.toThrow(/unauthorized/);
  });

  it('refuses a foreign origin even with a valid session', async () => {
    const c = new ApiClient(app.url);
    await c.register(uniqueName());
    await expect(connectSocket(app.url, c, { origin: 'https://evil.example' })).rejects.toThrow();
    const socket = await connectSocket(app.url, c, { origin: app.url });
    socket.close();
  });

  it('joins the player room and is closed when the session ends', async () => {
    const c = new ApiClient(app.url);
    const user = await c.register(uniqueName());
    const socket = await connectSocket(app.url, c);
    const revoked: { reason: string }[] = [];
    socket.on('session:revoked', (info) => revoked.push(info));
    const rooms = app.runtime.sockets!.io.of('/').adapter.rooms;
    expect(rooms.get(`user:${user.id}`)?.size).toBe(1);
    await c.post('/api/logout');
    await waitFor(() => socket.disconnected, 5000, 'the socket to close');
    expect(revoked).toEqual([{ reason: 'You have been logged out.' }]);
  });
});
