/**
 * Catch-up: a socket resumes each stream from the position its client sends, gets what it missed in
 * order and then the live events, never one twice; a gap too old to replay asks for a refetch. The
 * hub's bounds: one read for a player's sockets asking the same, a socket's asks joined while it
 * waits, and a replay budget per player past which it is told to refetch.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStream, type EventMeta, type StreamState } from '@pog/common';
import { testNotification } from '@pog/domain/testing/notifications';
import { inUnitOfWork, readSequenced, sequenceEvents } from '@pog/domain/outbox';
import { silentLogger } from '@pog/domain/logging';
import { type Db } from '@pog/domain/db';
import { createPlayer, givePog } from '../testing/factories';
import { setupTitle, TEST_SETUPS } from '../testing/databases';
import { connectSocket, type TestSocket } from '../testing/sockets';
import { startTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait';
import { SOCKET_BUDGETS } from './socket-limits';
import { StreamHub, type HubSocket } from './stream-hub';
import { asUserId, type PogId, type UserId } from '@pog/common/schemas/ids';

type Seen = { event: string; meta: EventMeta | undefined; payload: unknown };

/** Every event a socket receives, with its meta. */
function recordAll(socket: TestSocket): Seen[] {
  const seen: Seen[] = [];
  socket.onAny((event: string, payload: unknown, meta?: EventMeta) => seen.push({ event, payload, meta }));
  return seen;
}

const positionsOf = (seen: Seen[], stream: string) => seen.filter((s) => s.meta?.stream === stream).map((s) => s.meta!.position);
const stateOf = (seen: Seen[], stream: string) => seen.filter((s) => s.event === 'stream:state' && (s.payload as StreamState).stream === stream).map((s) => s.payload as StreamState);

describe.each(TEST_SETUPS)('catching up after a disconnect', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ backend: setup.backend, env: setup.env });
    });
    afterAll(async () => {
      await app?.close();
    });

    it('gets the offers made while it was away, in order and once, then live ones', async () => {
      const [alice, bob] = [await createPlayer(app, 'cu'), await createPlayer(app, 'cu')];
      const db = app.runtime.db;
      const bobPogs = [await givePog(db, bob.id), await givePog(db, bob.id), await givePog(db, bob.id)];
      const alicePog = await givePog(db, alice.id);
      const stream = userStream(alice.id);
      const start = (await alice.client.get('/api/user')).body.streamPosition as number;

      let seenFirst: Seen[] = [];
      const first = await connectSocket(app.url, alice.client, {}, { [stream]: start }, (s) => (seenFirst = recordAll(s)));
      const offer = (pogId: PogId) => bob.client.post('/api/trades', { fromUserId: bob.id, toUserId: alice.id, offerPogId: pogId, requestPogId: alicePog });
      expect((await offer(bobPogs[0]!)).status).toBe(201);
      await waitFor(() => seenFirst.some((s) => s.event === 'trade:created'), 5_000, 'the first offer, live');
      first.close();
      const last = Math.max(...positionsOf(seenFirst, stream));

      // Away: two more offers.
      const missed = [await offer(bobPogs[1]!), await offer(bobPogs[2]!)];
      for (const res of missed) expect(res.status).toBe(201);

      let seen: Seen[] = [];
      const second = await connectSocket(app.url, alice.client, {}, { [stream]: last }, (s) => (seen = recordAll(s)));
      try {
        const offersSeen = () => seen.filter((s) => s.event === 'trade:created').map((s) => (s.payload as { id: number }).id);
        // Replayed, or (when the relay had not sequenced them yet) live right after: either way, all of them.
        await waitFor(() => offersSeen().length === missed.length, 5_000, 'the missed offers');
        expect(offersSeen()).toEqual(missed.map((m) => m.body.id));
        const positions = positionsOf(seen, stream);
        // Exactly what came after `last`, contiguous, none repeated.
        expect(positions).toEqual(positions.map((_, i) => last + 1 + i));
        const [state] = stateOf(seen, stream);
        expect(state).toMatchObject({ stream, reset: false });
        expect(state!.position).toBeGreaterThanOrEqual(last);

        // And live again afterwards.
        const more = await givePog(db, bob.id);
        const live = await offer(more);
        await waitFor(() => seen.some((s) => s.event === 'trade:created' && (s.payload as { id: number }).id === live.body.id), 5_000, 'a live offer after catching up');
        const after = positionsOf(seen, stream);
        expect(new Set(after).size).toBe(after.length);
      } finally {
        second.close();
      }
    });

    it('replays from an older position when the client asks (a gap), and asks for a refetch when it cannot', async () => {
      const alice = await createPlayer(app, 'cu');
      const stream = userStream(alice.id);
      // The welcome notification is on its way through the queue: let it land first, so nothing else
      // reaches this stream after the head read below.
      await waitFor(async () => ((await alice.client.get('/api/notifications')).body.items.length > 0 ? true : undefined), 10_000, 'the welcome notification');
      await inUnitOfWork(app.runtime.db, new Date(), async (uow) => {
        for (let n = 0; n < 3; n++) uow.toUser(alice.id, 'notification', testNotification(alice.id, n));
      });
      const head = await waitFor(async () => {
        const position = (await alice.client.get('/api/user')).body.streamPosition as number;
        return position >= 3 ? position : undefined;
      }, 5_000, 'the events to be sequenced');

      let seen: Seen[] = [];
      const socket = await connectSocket(app.url, alice.client, {}, { [stream]: head }, (s) => (seen = recordAll(s)));
      try {
        await waitFor(() => stateOf(seen, stream).length === 1, 5_000, 'the first stream state');
        expect(positionsOf(seen, stream)).toEqual([]);
        socket.emit('sync', { [stream]: head - 2 });
        await waitFor(() => stateOf(seen, stream).length === 2, 5_000, 'the second stream state');
        expect(positionsOf(seen, stream)).toEqual([head - 1, head]);

        // A position the stream never had (e.g. another database's): refetch, and carry on from the head.
        socket.emit('sync', { [stream]: head + 100 });
        await waitFor(() => stateOf(seen, stream).length === 3, 5_000, 'the third stream state');
        expect(stateOf(seen, stream)[2]).toEqual({ stream, position: head, reset: true });
      } finally {
        socket.close();
      }
    });

    it('starts a socket that names no position at the head, with a refetch', async () => {
      const alice = await createPlayer(app, 'cu');
      let seen: Seen[] = [];
      const socket = await connectSocket(app.url, alice.client, {}, undefined, (s) => (seen = recordAll(s)));
      try {
        await waitFor(() => stateOf(seen, userStream(alice.id)).length === 1, 5_000, 'the stream state');
        expect(stateOf(seen, userStream(alice.id))[0]).toMatchObject({ reset: true });
      } finally {
        socket.close();
      }
    });
  });
});

describe('the stream hub', () => {
  let app: TestApp;
  let db: Db;
  beforeAll(async () => {
    app = await startTestApp();
    db = app.runtime.db;
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A socket that only records what it is sent. */
  function fakeSocket(id: string) {
    const emitted: Array<{ event: string; args: unknown[] }> = [];
    const socket: HubSocket & { emitted: typeof emitted; closed: boolean } = {
      id,
      emitted,
      closed: false,
      get connected() {
        return !this.closed;
      },
      emit(event: string, ...args: unknown[]) {
        emitted.push({ event, args });
        return true;
      },
      disconnect() {
        this.closed = true;
      },
    };
    return socket;
  }

  it('holds live events back while a socket catches up, then sends only what it has not had', async () => {
    const player = asUserId(randomInt(1_000_000_000, 2_000_000_000));
    const stream = userStream(player);
    await inUnitOfWork(db, new Date(), async (uow) => {
      for (let n = 1; n <= 4; n++) uow.toUser(player, 'notification', testNotification(player, n));
    });
    await waitFor(async () => (await sequenceEvents(db, 1000)).sequenced === 0 || undefined, 5_000, 'sequencing');
    const all = (await readSequenced(db, 0, 100_000)).filter((e) => e.stream === stream);
    expect(all.map((e) => e.position)).toEqual([1, 2, 3, 4]);

    const hub = new StreamHub(db, silentLogger);
    const socket = fakeSocket('s1');
    // The client has seen 1; while its replay (2..4) is read, the relay delivers 3 and 4 live, and a
    // new event 5 arrives.
    const attaching = hub.attach(socket, [stream], { [stream]: 1 });
    const fifth = { ...all[3]!, id: all[3]!.id + 1_000_000, seq: all[3]!.seq + 1_000_000, position: 5 };
    hub.deliver([all[2]!, all[3]!, fifth]);
    await attaching;
    const sent = socket.emitted.filter((e) => e.event === 'notification').map((e) => (e.args[1] as EventMeta).position);
    expect(sent).toEqual([2, 3, 4, 5]);
    expect(socket.emitted.filter((e) => e.event === 'stream:state').map((e) => e.args[0])).toEqual([{ stream, position: 4, reset: false }]);
    // Once caught up, live events go straight out, and repeats are dropped.
    hub.deliver([fifth]);
    expect(socket.emitted.filter((e) => e.event === 'notification')).toHaveLength(4);
    hub.detach(socket.id);
  });

  it('closes a socket after telling it its session was revoked', async () => {
    const player = asUserId(randomInt(1_000_000_000, 2_000_000_000));
    const stream = userStream(player);
    const hub = new StreamHub(db, silentLogger);
    const socket = fakeSocket('s2');
    await hub.attach(socket, [stream], {});
    hub.deliver([{ id: 1, seq: 1, stream, position: 1, name: 'session:revoked', payload: { reason: 'banned' }, createdAt: new Date() }]);
    expect(socket.emitted.at(-1)).toEqual({ event: 'session:revoked', args: [{ reason: 'banned' }] });
    expect(socket.closed).toBe(true);
  });
});

describe('the stream hub under many asks', () => {
  let app: TestApp;
  let db: Db;
  let player: UserId;
  let stream: string;
  const BACKLOG = 250;
  beforeAll(async () => {
    app = await startTestApp();
    db = app.runtime.db;
    player = asUserId(randomInt(1_000_000_000, 2_000_000_000));
    stream = userStream(player);
    await inUnitOfWork(db, new Date(), async (uow) => {
      for (let n = 1; n <= BACKLOG; n++) uow.toUser(player, 'notification', testNotification(player, n));
    });
    await waitFor(async () => (await sequenceEvents(db, 1000)).sequenced === 0 || undefined, 5_000, 'sequencing');
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A socket that records the positions and stream states it is sent. */
  function recordingSocket(id: string) {
    const socket = {
      id,
      connected: true,
      positions: [] as number[],
      states: [] as StreamState[],
      emit(event: string, ...args: unknown[]) {
        if (event === 'stream:state') socket.states.push(args[0] as StreamState);
        else socket.positions.push((args[1] as EventMeta).position);
        return true;
      },
      disconnect() {
        socket.connected = false;
      },
    };
    return socket;
  }
  const upTo = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  it("serves a player's sockets waiting with the same ask by one read, and joins a socket's repeated asks", async () => {
    const hub = new StreamHub(db, silentLogger);
    const sockets = Array.from({ length: 5 }, (_, n) => recordingSocket(`same-${n}`));
    await Promise.all(sockets.map((socket) => hub.attach(socket, [stream], { [stream]: 0 }, 'one-player')));
    // The first read at once; the four that came while it ran, together.
    expect(hub.stats.catchUps).toBe(2);
    for (const socket of sockets) {
      expect(socket.positions).toEqual(upTo(1, BACKLOG));
      expect(socket.states).toEqual([{ stream, position: BACKLOG, reset: false }]);
    }

    // Twenty asks at once from one socket: one catch-up runs, the rest wait as one, from the lowest position asked.
    const [socket] = sockets;
    socket!.positions.length = 0;
    const asks = Array.from({ length: 20 }, (_, n) => hub.sync(socket!.id, { [stream]: BACKLOG - 1 - (n % 7) }));
    await Promise.all(asks);
    expect(hub.stats.catchUps).toBe(4);
    expect(socket!.positions).toEqual([BACKLOG, ...upTo(BACKLOG - 6, BACKLOG)]);
    for (const other of sockets) hub.detach(other.id);
  });

  it("tells a player to refetch once catch-ups have replayed its budget's worth this minute", async () => {
    const hub = new StreamHub(db, silentLogger);
    const socket = recordingSocket('budget');
    await hub.attach(socket, [stream], { [stream]: 0 }, 'budgeted-player');
    const full = Math.floor(SOCKET_BUDGETS.replayed.points / BACKLOG);
    for (let n = 1; n < full; n++) await hub.sync(socket.id, { [stream]: 0 });
    expect(hub.stats.eventsReplayed).toBe(full * BACKLOG);
    expect(socket.states.every((state) => !state.reset)).toBe(true);
    // Over budget: no read, a reset (the page refetches), and live events flow as before.
    await hub.sync(socket.id, { [stream]: 0 });
    expect(hub.stats.eventsReplayed).toBe(full * BACKLOG);
    expect(socket.states.at(-1)).toEqual({ stream, position: BACKLOG, reset: true });
    // Another player's budget is its own.
    const other = recordingSocket('budget-other');
    await hub.attach(other, [stream], { [stream]: BACKLOG - 10 }, 'another-player');
    expect(other.positions).toEqual(upTo(BACKLOG - 9, BACKLOG));
    hub.detach(socket.id);
    hub.detach(other.id);
  });

  it('reads nothing for a socket that left while it waited its turn', async () => {
    const hub = new StreamHub(db, silentLogger);
    const [first, gone] = [recordingSocket('turn-1'), recordingSocket('turn-2')];
    const attaching = [hub.attach(first, [stream], { [stream]: 0 }, 'leaving-player'), hub.attach(gone, [stream], { [stream]: 100 }, 'leaving-player')];
    gone.connected = false;
    hub.detach(gone.id);
    await Promise.all(attaching);
    expect(hub.stats.catchUps).toBe(1);
    expect(gone.positions).toEqual([]);
    hub.detach(first.id);
  });
});
