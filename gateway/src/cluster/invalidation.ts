/**
 * Cross-process cache invalidation. Each gateway caches sessions and users briefly; when one process
 * ends a session or changes a user, every gateway drops its copy.
 *
 * The message is durable: it is written to the outbox's 'cluster' stream in the transaction of the
 * change it announces, and the relay delivers it to every gateway even while Redis is away. When
 * Redis is there, it also goes out at once over Redis pub/sub, so that a logout on one gateway is
 * seen by the next request on another. Handlers may hear a message more than once (dropping a cache
 * entry twice is harmless).
 */
import type { Redis } from 'ioredis';
import { inUnitOfWork, type ClusterMessage } from '@pog/domain/outbox';
import { type Clock } from '@pog/domain/clock';
import { type Db } from '@pog/domain/db';
import type { StreamHub } from '../realtime/stream-hub';

export type InvalidationMessage = ClusterMessage;

export interface InvalidationBus {
  /** Sends the message: written to the outbox, then the fast path. */
  publish(message: InvalidationMessage): Promise<void>;
  /** The fast path alone, for a message a unit of work already wrote (a ban's, a logout's: domain commands). */
  announce(message: InvalidationMessage): Promise<void>;
  subscribe(handler: (message: InvalidationMessage) => void): void;
  close(): Promise<void>;
}

/** How long a publish waits for Redis before leaving the message to the outbox alone. */
const FAST_PATH_WAIT_MS = 500;

export interface ClusterBusOptions {
  db: Db;
  clock: Clock;
  hub: StreamHub;
  /** Redis connections for the fast path: commands (no offline queue) and a subscriber of its own. */
  redis?: { publisher: Redis; subscriber: Redis; prefix: string };
}

export async function createClusterBus({ db, clock, hub, redis }: ClusterBusOptions): Promise<InvalidationBus> {
  const handlers: Array<(message: InvalidationMessage) => void> = [];
  const deliver = (message: InvalidationMessage) => {
    for (const handler of handlers) handler(message);
  };
  hub.onCluster(deliver);

  const channel = redis ? `${redis.prefix}:invalidate` : '';
  if (redis) {
    redis.subscriber.on('message', (from: string, raw: string) => {
      if (from !== channel) return;
      try {
        deliver(JSON.parse(raw) as InvalidationMessage);
      } catch {
        // A foreign or damaged message: the outbox brings the real one.
      }
    });
    // Not awaited: while Redis is away the subscriber keeps trying, and the outbox carries messages.
    redis.subscriber.subscribe(channel).catch(() => undefined);
  }

  async function announce(message: InvalidationMessage): Promise<void> {
    deliver(message);
    if (!redis || redis.publisher.status !== 'ready') return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      redis.publisher.publish(channel, JSON.stringify(message)).catch(() => undefined),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, FAST_PATH_WAIT_MS))),
    ]);
    clearTimeout(timer);
  }

  return {
    async publish(message) {
      await inUnitOfWork(db, clock.now(), async (uow) => {
        uow.toCluster(message);
      });
      await announce(message);
    },
    announce,
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {
      handlers.length = 0;
      if (redis) await redis.subscriber.quit().catch(() => redis.subscriber.disconnect());
    },
  };
}
