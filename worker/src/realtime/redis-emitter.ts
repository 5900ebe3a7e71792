/**
 * The live channel of a worker process that has no Socket.IO server of its own: PogBot's answer
 * pieces (`chat:delta`) are published on Redis in the format of `@socket.io/redis-adapter`, and
 * every gateway subscribed with the same key (`socketIoRedisKey`) hands them to the player's sockets.
 * Durable events never come this way: they go through the outbox.
 */
import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import { userRoom, type ServerToClientEvents } from '@pog/common';
import { silentLogger, type Logger } from '@pog/domain/logging';
import { socketIoRedisKey, type LiveChannel } from '@pog/domain/realtime';

export interface RedisEmitterOptions {
  redisUrl: string;
  /** The deployment's Redis prefix (REDIS_PREFIX); the channels live under `${prefix}:socket.io`. */
  prefix: string;
  log?: Logger;
}

export interface RedisLiveChannel extends LiveChannel {
  /** Resolves once the connection is ready (pieces sent before that are dropped). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function createRedisLiveChannel(options: RedisEmitterOptions): RedisLiveChannel {
  const log = options.log ?? silentLogger;
  // No offline queue: a piece sent while Redis is away is dropped at once, not kept in memory.
  const redis = new Redis(options.redisUrl, { enableAutoPipelining: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  // One line when the connection is lost, one when it is back: reconnect attempts are not news.
  let down = false;
  const logError = (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ component: 'realtime', err: error.message }, 'live channel (Redis publish): connection lost; retrying');
  };
  redis.on('error', logError);
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ component: 'realtime' }, 'live channel (Redis publish): connected again');
  });

  // The emitter fires PUBLISH without awaiting it; a failed publish would otherwise surface as an
  // unhandled rejection. A lost piece is made whole by the durable `chat:reply`.
  const publisher = {
    publish: (channel: string, message: string | Buffer) => redis.publish(channel, message).catch(logError),
  };
  const emitter = new Emitter<ServerToClientEvents>(publisher, { key: socketIoRedisKey(options.prefix) });

  return {
    chatDelta(userId, delta) {
      emitter.to(userRoom(userId)).emit('chat:delta', delta);
    },
    ready() {
      return redis.status === 'ready' ? Promise.resolve() : new Promise((resolve) => redis.once('ready', () => resolve()));
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
