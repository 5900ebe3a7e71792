/** The Redis connections a gateway process holds: commands, and a pub/sub pair. */
import { Redis } from 'ioredis';

export interface RedisConnections {
  main: Redis;
  pub: Redis;
  sub: Redis;
  close(): Promise<void>;
}

export function connectRedis(url: string): RedisConnections {
  const make = () => new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true });
  const main = make();
  const pub = make();
  const sub = make();
  for (const client of [main, pub, sub]) client.on('error', (error) => console.error('[redis]', error.message));
  return {
    main,
    pub,
    sub,
    async close() {
      await Promise.all([main, pub, sub].map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}
