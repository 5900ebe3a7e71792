/**
 * Starting the servers a benchmark measures: each in its own Node process (under tsx, from the repo
 * root), ready once its health URL answers 200, stopped with SIGTERM (SIGKILL if it lingers).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { KNOWN_ENV_VARS } from '@pog/common/server';
import { freePort } from '../../gateway/src/testing/free-port';

export { freePort };

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** This process's environment without the variables that switch `npm test`'s real services on (TEST_*, E2E_REQUIRED): the README's plain run. */
export function envWithoutTestServices(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith('TEST_') || name === 'E2E_REQUIRED') delete env[name];
  return env;
}

/**
 * The app's entry in a tree: the composition root `server/src/main.ts`, or `gateway/src/main.ts` in
 * trees from before it existed (the `--before` baselines).
 */
export function appEntry(root: string = repoRoot): string {
  return existsSync(path.join(root, 'server/src/main.ts')) ? 'server/src/main.ts' : 'gateway/src/main.ts';
}

/**
 * `node` arguments for an app process: under tsx, and with BENCH_PROFILE_DIR set, writing a CPU
 * profile there when it exits (open it in Chrome DevTools to see where a benchmark's time goes).
 */
export function appNodeArgs(script: string[]): string[] {
  const profileDir = process.env.BENCH_PROFILE_DIR;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  return [...profile, '--import', 'tsx', ...script];
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** The last lines the process printed, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
// A benchmark that fails or is interrupted must not leave servers behind.
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

export async function startServer(options: {
  name: string;
  /** Arguments after `node --import tsx`, relative to the repo root. */
  args: string[];
  env: NodeJS.ProcessEnv;
  port: number;
  healthPath: string;
  readyTimeoutMs?: number;
  /** The repository tree to run in (default: this one; e.g. a worktree of an older commit to compare). */
  root?: string;
}): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, appNodeArgs(options.args), {
    cwd: options.root ?? repoRoot,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 40));
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    running.delete(child);
  };
  const output = () => lines.join('\n');

  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${options.name} exited with ${child.exitCode} while starting:\n${output()}`);
    try {
      const response = await fetch(url + options.healthPath, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return { url, child, output, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`${options.name} did not become healthy at ${url}${options.healthPath}:\n${output()}`);
}

export interface AppOptions {
  nodeEnv: 'development' | 'production';
  /** Use DATABASE_URL and REDIS_URL from this process's environment instead of PGlite and in-process jobs. */
  external?: boolean;
  /** This PostgreSQL database (e.g. a scratch one) instead of PGlite or the environment's DATABASE_URL. */
  databaseUrl?: string;
  /** This Redis for BullMQ and the Socket.IO adapter instead of in-process jobs or the environment's REDIS_URL. */
  redisUrl?: string;
  /** The repository tree to run (default: this one). */
  root?: string;
  /** Reuse this DATA_DIR (e.g. an embedded database seeded beforehand); it is not removed on stop. */
  dataDir?: string;
  /** A known SESSION_SECRET, so that the benchmark can sign session cookies it created itself. */
  sessionSecret?: string;
  /** More variables for the app (e.g. TRUST_PROXY). */
  env?: NodeJS.ProcessEnv;
}

/**
 * The real app (its entry, `appEntry`) in one process with a throwaway DATA_DIR. The app's own
 * variables are taken from nowhere but here, so a developer's shell cannot change what is measured.
 */
export async function startApp(options: AppOptions): Promise<ServerProcess & { dataDir: string }> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'pog-bench-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of KNOWN_ENV_VARS) delete env[name];
  Object.assign(env, {
    NODE_ENV: options.nodeEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SESSION_SECRET: options.sessionSecret ?? randomBytes(24).toString('base64url'),
    ...options.env,
  });
  const databaseUrl = options.databaseUrl ?? (options.external ? process.env.DATABASE_URL : undefined);
  const redisUrl = options.redisUrl ?? (options.external ? process.env.REDIS_URL : undefined);
  if (options.external && (!databaseUrl || !redisUrl)) throw new Error('--external needs DATABASE_URL and REDIS_URL in the environment');
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  let redisPrefix: string | undefined;
  if (redisUrl) {
    redisPrefix = `bench_${randomBytes(4).toString('hex')}`;
    Object.assign(env, { REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix });
  }
  const server = await startServer({ name: 'app', args: [appEntry(options.root)], env, port, healthPath: '/healthz', readyTimeoutMs: 180_000, root: options.root });
  return {
    ...server,
    dataDir,
    stop: async () => {
      await server.stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      if (redisUrl && redisPrefix) await deleteRedisKeys(redisUrl, redisPrefix);
    },
  };
}

/** Removes the queue and rate-limit keys a run left under its own random prefix. */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Runs `use` against the app started with `options`; shows the app's last output if it fails; always stops it. */
export async function withApp<T>(options: AppOptions, use: (app: ServerProcess) => Promise<T>): Promise<T> {
  return usingApp(await startApp(options), (app) => use(app));
}

/** Measures against a started app; shows the app's output if that fails, and stops it either way. */
export async function usingApp<T, A extends ServerProcess>(app: A, measure: (app: A) => Promise<T>): Promise<T> {
  try {
    return await measure(app);
  } catch (error) {
    console.error(`app output:\n${app.output()}`);
    throw error;
  } finally {
    await app.stop();
  }
}
