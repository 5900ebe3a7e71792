/**
 * What a socket may send: its own budget and its player's, for every message whatever its name. Over
 * budget a message is dropped and answered with `socket:refused`; a socket that goes on is closed and
 * its player waits before connecting again. A page that behaves (reconnecting, catching up) never
 * meets any of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, userStream, type SocketRefusal } from '@pog/common';
import { inUnitOfWork } from '@pog/domain/outbox';
import { testNotification } from '@pog/domain/testing/notifications';
import { setupTitle, TEST_SETUPS } from '../testing/databases';
import { createPlayer, signIn, type TestPlayer } from '../testing/factories';
import { LiveClient } from '../testing/live-client';
import { connectSocket, type TestSocket } from '../testing/sockets';
import { startTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait';
import { SOCKET_BUDGETS, SOCKETS_PER_PLAYER } from './socket-limits';

/** A socket of the player with what it hears of the budgets: refusals, answered syncs, and how it ended. */
async function watchedSocket(app: TestApp, player: TestPlayer) {
  const seen = { refusals: [] as SocketRefusal[], states: 0 };
  const socket = await connectSocket(app.url, player.client, {}, undefined, (s) => {
    s.on('socket:refused', (refusal) => seen.refusals.push(refusal));
    s.on('stream:state', () => (seen.states += 1));
  });
  await waitFor(() => seen.states === 1, 5_000, 'the catch-up on connecting');
  const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  return { socket, seen, closed };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(TEST_SETUPS)('socket budgets', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    const opened: TestSocket[] = [];
    beforeAll(async () => {
      app = await startTestApp({ backend: setup.backend, env: setup.env });
    });
    afterAll(async () => {
      for (const socket of opened) socket.close();
      await app?.close();
    });

    it('drops what a socket sends over its budget, says so, and closes it when it goes on; its player then waits to reconnect', async () => {
      const player = await createPlayer(app, 'sb');
      const stream = userStream(player.id);
      const { socket, seen, closed } = await watchedSocket(app, player);
      opened.push(socket);
      // Within budget, each sync is answered.
      for (let n = 1; n <= SOCKET_BUDGETS.socket.points; n++) {
        socket.emit('sync', { [stream]: 0 });
        await waitFor(() => seen.states === n + 1, 5_000, `the answer to sync ${n}`);
      }
      socket.emit('sync', { [stream]: 0 });
      await waitFor(() => seen.refusals.length === 1, 5_000, 'the refusal');
      expect(seen.refusals[0]).toEqual({ code: 'RATE_LIMITED', message: ERROR_CATALOGUE.RATE_LIMITED.message, retryAfterSeconds: expect.any(Number), event: 'sync', closing: false });
      expect(seen.refusals[0]!.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(seen.refusals[0]!.retryAfterSeconds).toBeLessThanOrEqual(SOCKET_BUDGETS.socket.duration);

      // Going on: refused each time, then closed by the server, with a last refusal that says so.
      for (let n = 0; n < SOCKET_BUDGETS.strikes.points; n++) socket.emit('sync', { [stream]: 0 });
      expect(await closed).toBe('io server disconnect');
      expect(seen.refusals).toHaveLength(SOCKET_BUDGETS.strikes.points + 1);
      expect(seen.refusals.slice(0, -1).every((refusal) => !refusal.closing)).toBe(true);
      expect(seen.refusals.at(-1)).toMatchObject({ closing: true, event: 'sync' });
      // None of the refused syncs was served.
      expect(seen.states).toBe(SOCKET_BUDGETS.socket.points + 1);

      // The player (in any browser) waits before connecting again; another player does not.
      await expect(connectSocket(app.url, player.client)).rejects.toThrow();
      await expect(connectSocket(app.url, await signIn(app, player.id))).rejects.toThrow();
      const other = await connectSocket(app.url, (await createPlayer(app, 'sb')).client);
      opened.push(other);
      expect(other.connected).toBe(true);
    });

    it(`holds at most ${SOCKETS_PER_PLAYER} sockets of one player, refusing the next until one closes, while others connect`, async () => {
      const player = await createPlayer(app, 'sb');
      const held = await Promise.all(Array.from({ length: SOCKETS_PER_PLAYER }, () => connectSocket(app.url, player.client)));
      opened.push(...held);
      await expect(connectSocket(app.url, player.client)).rejects.toThrow();
      // From another browser of the same player too.
      await expect(connectSocket(app.url, await signIn(app, player.id))).rejects.toThrow();
      const other = await connectSocket(app.url, (await createPlayer(app, 'sb')).client);
      opened.push(other);
      expect(other.connected).toBe(true);
      held[0]!.close();
      await waitFor(async () => {
        const again = await connectSocket(app.url, player.client).catch(() => undefined);
        if (again) opened.push(again);
        return again !== undefined;
      }, 5_000, 'a socket once one has closed');
    });

    it('counts every message, whatever its name', async () => {
      const player = await createPlayer(app, 'sb');
      const { socket, seen, closed } = await watchedSocket(app, player);
      opened.push(socket);
      const emitAny = socket.emit.bind(socket) as (event: string, ...args: unknown[]) => void;
      for (let n = 0; n < SOCKET_BUDGETS.socket.points + SOCKET_BUDGETS.strikes.points + 1; n++) emitAny('made-up', { n });
      expect(await closed).toBe('io server disconnect');
      expect(seen.refusals.at(-1)).toMatchObject({ event: 'made-up', closing: true });
    });

    it('closes a socket that sends a message too big to be a page\'s', async () => {
      const player = await createPlayer(app, 'sb');
      const { socket, closed } = await watchedSocket(app, player);
      opened.push(socket);
      const positions = Object.fromEntries(Array.from({ length: 2_000 }, (_, n) => [`stream-${n}`, n]));
      socket.emit('sync', positions);
      expect(await closed).toBe('transport close');
    });

    it("shares one budget among a player's sockets", async () => {
      const player = await createPlayer(app, 'sb');
      const stream = userStream(player.id);
      const perSocket = SOCKET_BUDGETS.socket.points - 2;
      const count = Math.ceil(SOCKET_BUDGETS.owner.points / perSocket) + 1;
      const sockets = await Promise.all(Array.from({ length: count }, () => watchedSocket(app, player)));
      opened.push(...sockets.map((s) => s.socket));
      // Each socket stays inside its own budget; together they go over the player's.
      for (const { socket } of sockets) for (let n = 0; n < perSocket; n++) socket.emit('sync', { [stream]: 0 });
      const over = count * perSocket - SOCKET_BUDGETS.owner.points;
      const refused = () => sockets.reduce((sum, s) => sum + s.seen.refusals.length, 0);
      await waitFor(() => refused() === over, 5_000, 'the refusals');
      await sleep(200);
      expect(refused()).toBe(over);
      expect(sockets.every((s) => s.socket.connected)).toBe(true);
    });

    it('never refuses a page that behaves: reconnecting and catching up, again and again', async () => {
      const player = await createPlayer(app, 'sb');
      const stream = userStream(player.id);
      const start = (await player.client.get('/api/user')).body.streamPosition as number;
      const live = new LiveClient([app.url], player.client, { stream, position: start });
      await live.connect();
      try {
        const rounds = 8;
        for (let round = 0; round < rounds; round++) {
          await inUnitOfWork(app.runtime.db, new Date(), async (uow) => {
            for (let n = 0; n < 20; n++) uow.toUser(player.id, 'notification', testNotification(player.id, 1_000 * round + n));
          });
          // The gateway drops every socket (a deploy, a network blip): the page comes back and catches up.
          const connections = live.connections;
          app.runtime.sockets!.disconnectAll();
          await waitFor(() => live.connections > connections && live.connected, 5_000, 'the reconnection');
        }
        const ids = () => (live.payloads('notification') as Array<{ id: number; title: string }>).filter((payload) => payload.title.startsWith('Test ')).map((payload) => payload.id);
        await waitFor(() => ids().length === 20 * rounds, 10_000, 'every notification');
        expect(ids()).toEqual(Array.from({ length: rounds }, (_, round) => Array.from({ length: 20 }, (__, n) => 1_000 * round + n)).flat());
        expect(live.connections).toBeGreaterThan(rounds);
        expect(live.refusals).toBe(0);
      } finally {
        live.close();
      }
    });
  });
});
