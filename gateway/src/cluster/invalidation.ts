/**
 * Cross-process cache invalidation. Each gateway caches sessions and users briefly; when one
 * process ends a session or changes a user, every process drops its copy at once. Over Redis
 * pub/sub when several processes run, in memory when one does.
 */
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

export type InvalidationMessage = { type: 'session'; tokenHash: string } | { type: 'user'; userId: number };

export interface InvalidationBus {
  publish(message: InvalidationMessage): Promise<void>;
  subscribe(handler: (message: InvalidationMessage) => void): void;
  close(): Promise<void>;
}

export function createLocalBus(): InvalidationBus {
  const emitter = new EventEmitter();
  return {
    async publish(message) {
      emitter.emit('message', message);
    },
    subscribe(handler) {
      emitter.on('message', handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** Takes ownership of both connections (a subscriber cannot run other commands): close() quits them. */
export async function createRedisBus(publisher: Redis, subscriber: Redis, prefix: string): Promise<InvalidationBus> {
  const channel = `${prefix}:invalidate`;
  const handlers: Array<(message: InvalidationMessage) => void> = [];
  subscriber.on('message', (ch: string, raw: string) => {
    if (ch !== channel) return;
    try {
      const message = JSON.parse(raw) as InvalidationMessage;
      for (const handler of handlers) handler(message);
    } catch {
      // Ignore foreign or damaged messages: a cache entry simply lives until its TTL.
    }
  });
  await subscriber.subscribe(channel);
  return {
    async publish(message) {
      await publisher.publish(channel, JSON.stringify(message));
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {
      handlers.length = 0;
      await Promise.all([subscriber, publisher].map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}
