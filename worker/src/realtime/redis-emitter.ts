/**
 * The realtime publisher of a worker process that has no Socket.IO server of its own. Events are
 * published on Redis in the format of `@socket.io/redis-adapter`; every gateway subscribed with the
 * same key delivers them to its sockets in the target room.
 *
 * The gateways must build their adapter with the key returned by `socketIoRedisKey(prefix)`:
 * `createAdapter(pub, sub, { key: socketIoRedisKey(prefix) })`, i.e. `${prefix}:socket.io`.
 */
import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import { ADMINS_ROOM, userRoom, type ServerEventName, type ServerEventPayload, type ServerToClientEvents } from '@pog/common';
import type { RealtimePublisher } from '@pog/common/server';

export interface RedisEmitterOptions {
  redisUrl: string;
  /** The deployment's Redis prefix (REDIS_PREFIX); the channels live under `${prefix}:socket.io`. */
  prefix: string;
}

export interface RedisEmitterPublisher extends RealtimePublisher {
  close(): Promise<void>;
}

/** The pub/sub key shared by the emitter and the gateways' Redis adapter. */
export function socketIoRedisKey(prefix: string): string {
  return `${prefix}:socket.io`;
}

export function createRedisEmitterPublisher(options: RedisEmitterOptions): RedisEmitterPublisher {
  // Auto-pipelining: the events of a whole battle group (a few per battle, published in one turn)
  // leave in one write instead of one system call each.
  const redis = new Redis(options.redisUrl, { enableAutoPipelining: true });
  let lastError = '';
  const logError = (error: Error) => {
    // One line per distinct failure: reconnect attempts repeat the same error.
    if (error.message === lastError) return;
    lastError = error.message;
    console.error(`[realtime] redis emitter error: ${error.message}`);
  };
  redis.on('error', logError);
  redis.on('ready', () => (lastError = ''));

  // The emitter fires PUBLISH without awaiting it; a failed publish would otherwise surface as an
  // unhandled rejection and stop the process. Realtime events are best effort (clients refetch on
  // reconnect), so a lost event is logged and the job carries on.
  const publisher = {
    publish: (channel: string, message: string | Buffer) => redis.publish(channel, message).catch(logError),
  };
  const emitter = new Emitter<ServerToClientEvents>(publisher, { key: socketIoRedisKey(options.prefix) });

  function emitTo<E extends ServerEventName>(room: string, event: E, payload: ServerEventPayload<E>): void {
    // TypeScript cannot see that `[ServerEventPayload<E>]` is the emitter's parameter list for a
    // generic E (it is, by definition); callers are still checked against the event map.
    const args = [payload] as Parameters<ServerToClientEvents[E]>;
    emitter.to(room).emit(event, ...args);
  }

  return {
    toUser(userId, event, payload) {
      emitTo(userRoom(userId), event, payload);
    },

    toAdmins(event, payload) {
      emitTo(ADMINS_ROOM, event, payload);
    },

    revokeUser(userId, reason) {
      const room = userRoom(userId);
      // Both messages travel on the same connection, so the notice reaches the sockets before the disconnect.
      emitTo(room, 'session:revoked', { reason });
      emitter.in(room).disconnectSockets(true);
    },

    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
