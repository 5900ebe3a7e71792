#!/usr/bin/env node
// Container health check for the app image (exit 0 = healthy). Plain JavaScript, so it starts fast
// and does not go through tsx.
//  - A process that runs the gateway is asked for its own /healthz (200 = healthy; 503 = degraded).
//  - A worker-only process serves no HTTP, so its check is that the two things it works through,
//    PostgreSQL and Redis, answer from inside this container.
const TIMEOUT_MS = 4000;
const services = (process.env.SERVICES || 'gateway,worker').split(',').map((s) => s.trim());

try {
  if (services.includes('gateway')) await checkGateway();
  else await checkWorkerDependencies();
} catch (error) {
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  console.error(`unhealthy: ${error instanceof Error ? error.message : String(error)}${cause}`);
  process.exit(1);
}
process.exit(0);

async function checkGateway() {
  const port = Number(process.env.PORT || 3000);
  const response = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new Error(`/healthz answered ${response.status} ${await response.text()}`);
}

async function checkWorkerDependencies() {
  const [{ default: pg }, { Redis }] = await Promise.all([import('pg'), import('ioredis')]);
  const database = new pg.Client({ connectionString: process.env.DATABASE_URL, connectionTimeoutMillis: TIMEOUT_MS });
  const redis = new Redis(process.env.REDIS_URL, { lazyConnect: true, connectTimeout: TIMEOUT_MS, maxRetriesPerRequest: 0 });
  redis.on('error', () => {}); // the failed command below reports it; no retry chatter
  try {
    await Promise.all([
      database.connect().then(() => database.query('SELECT 1')),
      redis.connect().then(() => redis.ping()),
    ]);
  } finally {
    await Promise.allSettled([database.end(), redis.quit()]);
  }
}
