/**
 * Requests per second of an authenticated `GET /api/user`, as a ratio of a bare Koa JSON
 * hello-world measured on the same machine in the same run. Goal: ratio >= 0.4.
 *
 *   npx tsx infra/bench/user-endpoint.ts [--duration 10] [--connections 32] [--external] [--check]
 *
 * --external  use DATABASE_URL and REDIS_URL from the environment (PostgreSQL + BullMQ) instead of
 *             the embedded PGlite and in-process queue. A bench_ user is left in that database.
 * --check     exit 1 when the ratio is below the goal.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { formatResult, runLoadInChild, type LoadOptions } from './load';
import { describeMachine } from './machine';
import { freePort, startApp, startServer } from './processes';

const GOAL_RATIO = 0.4;

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    external: { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
  },
});
const load = (url: string, headers: Record<string, string> = {}): LoadOptions => ({
  url,
  headers,
  connections: Number(values.connections),
  durationMs: Number(values.duration) * 1000,
  warmupMs: Number(values.warmup) * 1000,
});

/** Registers a fresh user and returns the Cookie header that the answer set. */
async function registerUser(baseUrl: string): Promise<{ cookie: string; username: string }> {
  const username = `bench_${randomBytes(4).toString('hex')}`;
  const response = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify({ username, password: randomBytes(12).toString('base64url') }),
  });
  if (!response.ok) throw new Error(`POST /api/register answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
  if (!cookie) throw new Error('POST /api/register set no session cookie');
  return { cookie, username };
}

async function main(): Promise<void> {
  console.log(describeMachine());
  console.log(`settings: ${values.connections} connections, ${values.warmup} s warm-up, ${values.duration} s measured, ${values.external ? 'PostgreSQL + Redis from the environment' : 'embedded (PGlite, in-process jobs)'}`);

  const helloPort = await freePort();
  const hello = await startServer({
    name: 'hello-koa',
    args: ['infra/bench/hello-koa.ts'],
    env: { ...process.env, PORT: String(helloPort) },
    port: helloPort,
    healthPath: '/',
  });
  const baseline = await runLoadInChild(load(hello.url + '/')).finally(() => hello.stop());
  console.log(formatResult('bare Koa hello-world  ', baseline));

  const app = await startApp({ nodeEnv: 'development', external: values.external });
  try {
    const { cookie, username } = await registerUser(app.url);
    const probe = await fetch(`${app.url}/api/user`, { headers: { Cookie: cookie } });
    const body = (await probe.json()) as { username?: string } | null;
    if (!probe.ok || body?.username !== username) throw new Error(`GET /api/user did not return the registered user (${probe.status})`);

    const measured = await runLoadInChild(load(`${app.url}/api/user`, { Cookie: cookie }));
    console.log(formatResult('GET /api/user (authed)', measured));

    const ratio = measured.rps / Math.max(1, baseline.rps);
    const verdict = ratio >= GOAL_RATIO ? 'meets the goal' : 'BELOW the goal';
    console.log(`ratio: ${ratio.toFixed(2)} of the hello-world (goal >= ${GOAL_RATIO}): ${verdict}`);
    if (measured.errors || baseline.errors) console.log('note: some requests failed; see the error samples above');
    if (values.check && ratio < GOAL_RATIO) process.exitCode = 1;
  } catch (error) {
    console.error(`app output:\n${app.output()}`);
    throw error;
  } finally {
    await app.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
