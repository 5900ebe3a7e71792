import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMINS_ROOM, userRoom, type ClientToServerEvents, type Notification, type ServerToClientEvents, type Pog } from '@pog/common';
import { createRedisEmitterPublisher, socketIoRedisKey, type RedisEmitterPublisher } from './redis-emitter';

const redisUrl = process.env.TEST_REDIS_URL;
const prefix = `test-${process.pid}-${Date.now()}-emitter`;

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const notification: Notification = {
  id: 1,
  userId: 7,
  kind: 'welcome',
  title: 'Welcome',
  body: 'Design your first pog.',
  link: '/create',
  read: false,
  createdAt: '2025-01-01T00:00:00.000Z',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves with the first payload of `event`, or undefined when none arrives within `ms`. */
function nextEvent<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E, ms = 2_000) {
  return new Promise<Parameters<ServerToClientEvents[E]>[0] | undefined>((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    const listener = ((payload: Parameters<ServerToClientEvents[E]>[0]) => {
      clearTimeout(timer);
      resolve(payload);
    }) as ServerToClientEvents[E];
    socket.once(event, listener as never);
  });
}

describe('socketIoRedisKey', () => {
  it('is the key the gateways give their Redis adapter', () => {
    expect(socketIoRedisKey('pog')).toBe('pog:socket.io');
  });
});

describe.skipIf(!redisUrl)('Redis emitter publisher [needs TEST_REDIS_URL]', () => {
  let http: HttpServer;
  let io: Server<ClientToServerEvents, ServerToClientEvents>;
  let pub: Redis;
  let sub: Redis;
  let publisher: RedisEmitterPublisher;
  let url: string;
  const sockets: ClientSocket[] = [];

  /** A client whose server-side socket joins the rooms given in its handshake, as the gateway would after auth. */
  async function client(rooms: string[]): Promise<ClientSocket> {
    const socket: ClientSocket = connect(url, { auth: { rooms }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  }

  beforeAll(async () => {
    pub = new Redis(redisUrl!);
    sub = pub.duplicate();
    http = createServer();
    io = new Server(http, { adapter: createAdapter(pub, sub, { key: socketIoRedisKey(prefix) }) });
    io.on('connection', (socket) => {
      const rooms: unknown = socket.handshake.auth.rooms;
      if (Array.isArray(rooms)) void socket.join(rooms.filter((r): r is string => typeof r === 'string'));
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    // Publishing before the adapter has subscribed would lose the event: wait for its subscription.
    const requestChannel = `${socketIoRedisKey(prefix)}-request#/#`;
    for (let i = 0; i < 200; i++) {
      const [, subscribers] = (await pub.pubsub('NUMSUB', requestChannel)) as [string, number];
      if (subscribers > 0) break;
      await sleep(10);
    }
    publisher = createRedisEmitterPublisher({ redisUrl: redisUrl!, prefix });
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await publisher?.close();
    await io?.close();
    await Promise.all([pub?.quit(), sub?.quit()]);
  });

  it("delivers toUser events to that user's sockets only", async () => {
    const seven = await client([userRoom(7)]);
    const eight = await client([userRoom(8)]);
    const toSeven = nextEvent(seven, 'notification');
    const toEight = nextEvent(eight, 'notification', 300);
    publisher.toUser(7, 'notification', notification);
    await expect(toSeven).resolves.toEqual(notification);
    await expect(toEight).resolves.toBeUndefined();
  });

  it('delivers toAdmins events to the admins room', async () => {
    const admin = await client([userRoom(1), ADMINS_ROOM]);
    const player = await client([userRoom(2)]);
    // The transport does not look inside the POG; a partial one is enough here.
    const event = { action: 'reported' as const, pog: { id: 5, name: 'Sunburst' } as unknown as Pog };
    const toAdmin = nextEvent(admin, 'moderation:queue');
    const toPlayer = nextEvent(player, 'moderation:queue', 300);
    publisher.toAdmins('moderation:queue', event);
    await expect(toAdmin).resolves.toEqual(event);
    await expect(toPlayer).resolves.toBeUndefined();
  });

  it("tells a revoked user's sockets why, then disconnects them", async () => {
    const banned = await client([userRoom(9)]);
    const bystander = await client([userRoom(10)]);
    const notice = nextEvent(banned, 'session:revoked');
    const disconnected = new Promise<string>((resolve) => banned.once('disconnect', resolve));
    publisher.revokeUser(9, 'banned');
    await expect(notice).resolves.toEqual({ reason: 'banned' });
    await expect(disconnected).resolves.toBe('io server disconnect');
    await sleep(100);
    expect(bystander.connected).toBe(true);
  });
});
