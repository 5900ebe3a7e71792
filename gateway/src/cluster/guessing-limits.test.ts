/**
 * The guessing limits across gateways: two gateway processes sharing PostgreSQL and Redis, each
 * burst split between them, must check exactly the limit between them. While Redis is away (killed,
 * or frozen with its connections open), each gateway keeps the limits with counters of its own, and
 * no guess waits on the outage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH } from '@pog/common';
import { ApiClient } from '../testing/api-client';
import { guessingBurstTests, tally } from '../testing/guessing-bursts';
import { startService, type ServiceProcess } from '../testing/processes';
import { hasRedisServer, startOwnRedis, type OwnRedis } from '../testing/redis-server';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const missing = [!databaseUrl && 'TEST_DATABASE_URL', !redisUrl && 'TEST_REDIS_URL'].filter(Boolean).join(' and ');
const ADMIN_PASSWORD = 'guessing-admin-password';

describe.skipIf(Boolean(missing))(`guessing limits on two gateways sharing PostgreSQL and Redis${missing ? ` [needs ${missing}]` : ''}`, () => {
  const gateways: ServiceProcess[] = [];
  beforeAll(async () => {
    const env = {
      DATABASE_URL: databaseUrl ?? '',
      REDIS_URL: redisUrl ?? '',
      REDIS_PREFIX: `${process.env.TEST_REDIS_PREFIX ?? 'test'}-guess-${process.pid}-${Date.now()}`,
      SESSION_SECRET: 'shared-secret-for-all-gateways',
      ADMIN_PASSWORD,
      // Each test client presents its own address, as the one proxy in front would.
      TRUST_PROXY: 'true',
    };
    // Both run the worker too, for PogBot's answers.
    gateways.push(...(await Promise.all([startService(env), startService(env)])));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(gateways.map((g) => g.stop()));
  });
  guessingBurstTests(() => ({ gateways: gateways.map((g) => g.url), adminPassword: ADMIN_PASSWORD }));
});

describe.skipIf(!hasRedisServer)(`guessing limits while Redis is away${hasRedisServer ? '' : ' [needs redis-server]'}`, () => {
  let redis: OwnRedis;
  let gateway: ServiceProcess;
  beforeAll(async () => {
    redis = await startOwnRedis();
    gateway = await startService({
      REDIS_URL: redis.url,
      REDIS_PREFIX: `guess-outage-${process.pid}`,
      SESSION_SECRET: 'guessing-outage-secret-0123456789',
      ADMIN_PASSWORD,
      TRUST_PROXY: 'true',
    });
  }, 120_000);
  afterAll(async () => {
    await gateway?.stop();
    await redis?.stop();
  });

  it('counts in the gateway after a second when Redis is connected but silent (frozen)', async () => {
    const guesser = new ApiClient(gateway.url);
    process.kill(redis.pid()!, 'SIGSTOP');
    try {
      const started = Date.now();
      const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => guesser.post('/api/admin/auth', { password: `frozen-${i}` })));
      expect(tally(answers)).toEqual({ 401: AUTH.adminFailuresPerAddress, 429: 100 - AUTH.adminFailuresPerAddress });
      expect(Date.now() - started).toBeLessThan(20_000);
      expect((await new ApiClient(gateway.url).post('/api/admin/auth', { password: ADMIN_PASSWORD })).status).toBe(200);
    } finally {
      process.kill(redis.pid()!, 'SIGCONT');
    }
  });

  it('keeps counting in the gateway, exactly, and answers every guess at once', async () => {
    const guesser = new ApiClient(gateway.url);
    expect((await guesser.post('/api/admin/auth', { password: 'before-the-outage' })).status).toBe(401);
    await redis.stop();
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => guesser.post('/api/admin/auth', { password: `guess-${i}` })));
    // The gateway's own counters start afresh: the guess made before the outage is in Redis.
    expect(tally(answers)).toEqual({ 401: AUTH.adminFailuresPerAddress, 429: 100 - AUTH.adminFailuresPerAddress });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await guesser.post('/api/admin/auth', { password: ADMIN_PASSWORD })).status).toBe(429);
    expect((await new ApiClient(gateway.url).post('/api/admin/auth', { password: ADMIN_PASSWORD })).status).toBe(200);
  });
});
