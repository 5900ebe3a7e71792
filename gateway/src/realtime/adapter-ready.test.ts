/** `subscribed`: what a gateway waits for before it listens, so its Redis adapter is never half there. */
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { uniqueName } from '../testing/databases';
import { subscribed } from './socket-server';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)(`subscribed${redisUrl ? '' : ' [needs TEST_REDIS_URL]'}`, () => {
  const clients: Redis[] = [];
  afterAll(() => Promise.all(clients.map((client) => client.quit())));

  it('resolves only once subscriptions asked of a connection that was not even open are in effect', async () => {
    const probe = new Redis(redisUrl!);
    await probe.ping();
    const sub = new Redis(redisUrl!, { lazyConnect: true });
    clients.push(sub, probe);
    const channel = uniqueName('adapter-ready');
    // Asked, not awaited, as the adapter asks: the connection has to open first.
    void sub.subscribe(channel);
    await subscribed(sub);
    expect(((await probe.call('PUBSUB', 'NUMSUB', channel)) as [string, number])[1]).toBe(1);
  });
});
