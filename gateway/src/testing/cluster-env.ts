/**
 * The environment of real processes (./processes.ts) that form one deployment on a database of a
 * test's own: the same secrets for all, the test's ApiClient addresses trusted, and, when the run has
 * a Redis, BullMQ and the Socket.IO adapter under a key prefix of their own.
 */
export function clusterEnv(databaseUrl: string, name: string): Record<string, string> {
  const redisUrl = process.env.TEST_REDIS_URL;
  return {
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: `${name}-secret-0123456789`,
    ADMIN_PASSWORD: `${name}-admin-password`,
    TRUST_PROXY: 'true',
    ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: `${process.env.TEST_REDIS_PREFIX ?? 'test'}-${name}-${process.pid}-${Date.now()}` } : {}),
  };
}
