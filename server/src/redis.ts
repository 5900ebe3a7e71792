/**
 * The Redis connections a gateway process holds: commands (rate limits), and a pub/sub pair for the
 * Socket.IO adapter. Trouble is logged once per change of state (lost, back), not once per retry.
 */
import { Redis } from 'ioredis';
import type { Logger } from '@pog/domain/logging';

export interface RedisConnections {
  /** Commands fail at once while Redis is away (no offline queue): callers fall back, never hang. */
  main: Redis;
  pub: Redis;
  sub: Redis;
  close(): Promise<void>;
}

/** Logs "lost" on the first error of an outage and "back" when the connection is ready again. */
export function watchRedis(client: Redis, name: string, log: Logger): void {
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ component: 'redis', connection: name, err: error.message }, `${name}: connection lost; retrying`);
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ component: 'redis', connection: name }, `${name}: connected again`);
  });
}

export function connectRedis(url: string, log: Logger): RedisConnections {
  const main = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  // The adapter's pair keeps an offline queue: the adapter publishes without waiting for an answer.
  const pub = new Redis(url, { maxRetriesPerRequest: null });
  const sub = new Redis(url, { maxRetriesPerRequest: null });
  watchRedis(main, 'commands', log);
  watchRedis(pub, 'socket adapter (publish)', log);
  watchRedis(sub, 'socket adapter (subscribe)', log);
  return {
    main,
    pub,
    sub,
    async close() {
      await Promise.all([main, pub, sub].map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}

/**
 * Waits until Redis answers, logging one line naming what it waits for (and when it is there), and
 * retrying with backoff meanwhile: a process started while Redis is down starts when it appears.
 */
export async function waitForRedis(url: string, log: Logger, signal?: AbortSignal): Promise<void> {
  const where = describeRedis(url);
  let announced = false;
  for (let attempt = 0; !signal?.aborted; attempt++) {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.ping();
      if (announced) log.info({ component: 'redis' }, `${where} is up`);
      return;
    } catch (error) {
      if (!announced) log.warn({ component: 'redis', err: error instanceof Error ? error.message : String(error) }, `waiting for ${where}; retrying until it answers`);
      announced = true;
    } finally {
      client.disconnect();
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 250 * 2 ** attempt)));
  }
}

export function describeRedis(url: string): string {
  try {
    const parsed = new URL(url);
    return `Redis at ${parsed.hostname}:${parsed.port || '6379'}`;
  } catch {
    return 'Redis';
  }
}
