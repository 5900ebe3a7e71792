import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUserId, CHAT, userRoom, type ChatDelta, type ClientToServerEvents, type ServerToClientEvents } from '@pog/common';
import { silentLogger } from '@pog/domain/logging';
import { socketIoRedisKey } from '@pog/domain/realtime';
import { createRedisLiveChannel, type RedisLiveChannel } from './redis-emitter';

const redisUrl = process.env.TEST_REDIS_URL;
const prefix = `test-${process.pid}-${Date.now()}-emitter`;

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const delta: ChatDelta = { conversationId: CHAT.conversationId, requestId: 'r-1', index: 0, text: 'PogBot says hi' };

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

describe.skipIf(!redisUrl)('Redis live channel [needs TEST_REDIS_URL]', () => {
  let http: HttpServer;
  let io: Server<ClientToServerEvents, ServerToClientEvents>;
  let pub: Redis;
  let sub: Redis;
  let live: RedisLiveChannel;
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
    live = createRedisLiveChannel({ redisUrl: redisUrl!, prefix, log: silentLogger });
    // The channel's own connection has no offline queue: wait until it is ready.
    await live.ready();
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await live?.close();
    await io?.close();
    await Promise.all([pub?.quit(), sub?.quit()]);
  });

  it("delivers PogBot's answer pieces to that player's sockets only", async () => {
    const seven = await client([userRoom(7)]);
    const eight = await client([userRoom(8)]);
    const toSeven = nextEvent(seven, 'chat:delta');
    const toEight = nextEvent(eight, 'chat:delta', 300);
    live.chatDelta(asUserId(7), delta);
    await expect(toSeven).resolves.toEqual(delta);
    await expect(toEight).resolves.toBeUndefined();
  });
});
