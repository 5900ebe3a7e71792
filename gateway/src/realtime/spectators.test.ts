/**
 * Battle spectators: sockets, signed out or not, that join a battle's room see it change live and
 * are counted; on two gateways sharing Redis, each gateway tells its own spectators and the count
 * spans both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import type { Battle, BattleWatchers, WatchAnswer } from '@pog/common';
import { uniqueName } from '../testing/databases';
import { createPlayer, givePog, type TestPlayer } from '../testing/factories';
import { setupTitle, TEST_SETUPS } from '../testing/databases';
import { connectSocket, recordEvents, type TestSocket } from '../testing/sockets';
import { startTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait';
import { SOCKET_BUDGETS } from './socket-limits';
import type { ApiClient } from '../testing/api-client';

/**
 * A battle page's connection: watch-only, with the player's cookie when there is one, and from
 * `address` as the test app's trusted proxy reports it, when given.
 */
function spectatorSocket(baseUrl: string, client?: ApiClient, address?: string): Promise<TestSocket> {
  const socket: TestSocket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { ...(client ? { cookie: client.cookieHeader } : {}), ...(address ? { 'x-forwarded-for': address } : {}) },
    auth: { watchOnly: true },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

const watch = (socket: TestSocket, battleId: unknown) =>
  new Promise<WatchAnswer>((resolve) => socket.emit('battle:watch', { battleId } as never, resolve));

/** `a` challenges `b`, who accepts: an accepted battle, ready to complete. */
async function acceptedBattle(app: TestApp, a: TestPlayer, b: TestPlayer): Promise<Battle> {
  const db = app.runtime.db;
  const [aPog, bPog] = [await givePog(db, a.id), await givePog(db, b.id)];
  const created = await a.client.post('/api/battles', { challengerId: a.id, defenderId: b.id, challengerPogId: aPog, battleType: 'standard' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const accepted = await b.client.post(`/api/battles/${created.body.id}/accept`, { defenderPogId: bPog });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return accepted.body as Battle;
}

const lastCount = (seen: BattleWatchers[]) => seen.at(-1)?.count;

describe.each(TEST_SETUPS)('battle spectators', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    const sockets: TestSocket[] = [];
    beforeAll(async () => {
      app = await startTestApp({ backend: setup.backend, env: setup.env });
    });
    afterAll(async () => {
      for (const socket of sockets) socket.close();
      await app?.close();
    });

    it('shows two spectators, one signed out, the completion live and counts them', async () => {
      const [a, b, fan] = [await createPlayer(app, 'sp'), await createPlayer(app, 'sp'), await createPlayer(app, 'sp')];
      const battle = await acceptedBattle(app, a, b);
      const visitor = await spectatorSocket(app.url);
      const member = await spectatorSocket(app.url, fan.client);
      sockets.push(visitor, member);
      const [visitorSaw, memberSaw] = [recordEvents(visitor, 'battle:watched'), recordEvents(member, 'battle:watched')];
      const [visitorCounts, memberCounts] = [recordEvents(visitor, 'battle:watchers'), recordEvents(member, 'battle:watchers')];

      expect(await watch(visitor, battle.id)).toEqual({ ok: true, count: 1 });
      expect(await watch(member, battle.id)).toEqual({ ok: true, count: 2 });
      await waitFor(() => lastCount(visitorCounts) === 2 && lastCount(memberCounts) === 2, 5_000, 'both told 2 are watching');
      expect(visitorCounts.at(-1)).toEqual({ battleId: battle.id, count: 2 });

      expect((await a.client.post(`/api/battles/${battle.id}/complete`)).status).toBe(200);
      const completedFor = (seen: Battle[]) => seen.filter((s) => s.id === battle.id && s.status === 'completed');
      await waitFor(() => completedFor(visitorSaw).length > 0 && completedFor(memberSaw).length > 0, 5_000, 'the completion on both spectators');
      const [shown] = completedFor(visitorSaw);
      expect(shown).toMatchObject({ winnerId: expect.any(Number), challengerRoll: expect.any(Number), seed: expect.any(String) });
      // Once each, though it was written to both players' streams.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(completedFor(visitorSaw)).toHaveLength(1);
      expect(completedFor(memberSaw)).toHaveLength(1);

      member.close();
      await waitFor(() => lastCount(visitorCounts) === 1, 5_000, 'the count down to 1 after a spectator left');
      visitor.emit('battle:unwatch', { battleId: battle.id } as never);
      expect(await watch(visitor, battle.id)).toEqual({ ok: true, count: 1 });
    });

    it('refuses a malformed watch, more than a few battles at once, and a signed-out socket that is not a spectator', async () => {
      const visitor = await spectatorSocket(app.url);
      sockets.push(visitor);
      expect(await watch(visitor, 'not-a-battle')).toMatchObject({ ok: false });
      for (const id of [1, 2, 3, 4]) expect(await watch(visitor, id)).toMatchObject({ ok: true });
      expect(await watch(visitor, 5)).toMatchObject({ ok: false, message: 'You can watch at most 4 battles at once.' });
      await expect(connectSocket(app.url)).rejects.toThrow('unauthorized');
    });

    it("shares one budget among a signed-out visitor's sockets from one IPv6 /64, whichever address each uses", async () => {
      const block = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
      const perSocket = SOCKET_BUDGETS.socket.points - 2;
      const count = Math.ceil(SOCKET_BUDGETS.owner.points / perSocket) + 1;
      const visitors = await Promise.all(Array.from({ length: count }, (_, i) => spectatorSocket(app.url, undefined, `${block}::${i + 1}`)));
      // Another network's visitor, sending as much as one of them, keeps its own budget.
      const neighbour = await spectatorSocket(app.url, undefined, `${block.replace(/:7$/, ':8')}::1`);
      sockets.push(...visitors, neighbour);
      const refusals = [...visitors, neighbour].map((socket) => recordEvents(socket, 'socket:refused'));
      for (const socket of [...visitors, neighbour]) for (let n = 0; n < perSocket; n++) socket.emit('battle:unwatch', { battleId: n + 1 } as never);
      const over = count * perSocket - SOCKET_BUDGETS.owner.points;
      const refused = () => refusals.slice(0, count).reduce((sum, seen) => sum + seen.length, 0);
      await waitFor(() => refused() === over, 5_000, 'the refusals');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect([refused(), refusals[count]!.length]).toEqual([over, 0]);
    });

    it("closes a signed-out visitor's socket that floods, and makes their network wait before opening another", async () => {
      const block = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:5`;
      const flooder = await spectatorSocket(app.url, undefined, `${block}::1`);
      sockets.push(flooder);
      const closed = new Promise<string>((resolve) => flooder.once('disconnect', resolve));
      for (let n = 0; n <= SOCKET_BUDGETS.socket.points + SOCKET_BUDGETS.strikes.points; n++) flooder.emit('battle:unwatch', { battleId: n + 1 } as never);
      expect(await closed).toBe('io server disconnect');
      // Another address of the same /64 is the same visitor; another network is not.
      await expect(spectatorSocket(app.url, undefined, `${block}::2`)).rejects.toThrow();
      const other = await spectatorSocket(app.url, undefined, `${block.replace(/:5$/, ':6')}::1`);
      sockets.push(other);
      expect(other.connected).toBe(true);
    });

    it('does not put a spectator socket on its player\'s stream', async () => {
      const [a, b] = [await createPlayer(app, 'sp'), await createPlayer(app, 'sp')];
      const spectator = await spectatorSocket(app.url, b.client);
      sockets.push(spectator);
      const created = recordEvents(spectator, 'battle:created');
      const pog = await givePog(app.runtime.db, a.id);
      await givePog(app.runtime.db, b.id);
      expect((await a.client.post('/api/battles', { challengerId: a.id, defenderId: b.id, challengerPogId: pog, battleType: 'standard' })).status).toBe(201);
      const player = await connectSocket(app.url, b.client);
      sockets.push(player);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(created).toHaveLength(0);
    });
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)(`battle spectators on two gateways sharing Redis${redisUrl ? '' : ' [needs TEST_REDIS_URL]'}`, () => {
  let first: TestApp;
  let second: TestApp;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl!, REDIS_PREFIX: uniqueName('spect') };
    first = await startTestApp({ env });
    second = await startTestApp({ env });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await first?.close();
    await second?.close();
  });

  it('tells spectators on either gateway of the completion, and counts them across both', async () => {
    const [a, b] = [await createPlayer(first, 'sp2'), await createPlayer(first, 'sp2')];
    const battle = await acceptedBattle(first, a, b);
    const [onFirst, onSecond] = [await spectatorSocket(first.url), await spectatorSocket(second.url)];
    sockets.push(onFirst, onSecond);
    const [firstSaw, secondSaw] = [recordEvents(onFirst, 'battle:watched'), recordEvents(onSecond, 'battle:watched')];
    const firstCounts = recordEvents(onFirst, 'battle:watchers');
    expect(await watch(onFirst, battle.id)).toEqual({ ok: true, count: 1 });
    expect(await watch(onSecond, battle.id)).toEqual({ ok: true, count: 2 });
    // The second gateway's recount reaches the first gateway's spectator through the adapter.
    await waitFor(() => lastCount(firstCounts) === 2, 5_000, 'the spectator on the first gateway told 2 are watching');

    expect((await a.client.post(`/api/battles/${battle.id}/complete`)).status).toBe(200);
    const completed = (seen: Battle[]) => seen.filter((s) => s.status === 'completed').length;
    await waitFor(() => completed(firstSaw) === 1 && completed(secondSaw) === 1, 10_000, 'the completion on both gateways');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([completed(firstSaw), completed(secondSaw)]).toEqual([1, 1]);
  });
});
