/**
 * The composition root loads each service's code only where SERVICES runs it: a worker-only process
 * never loads Koa or Socket.IO, a gateway-only one never loads the job processors (or sharp); none
 * loads sharp or the Anthropic SDK before the first image or question, and an embedded one (no Redis)
 * never loads BullMQ or ioredis. Real
 * processes, with a module hook that writes down every module they resolve.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, spawnService } from '../../gateway/src/testing/processes';
import { scratchDir } from '@pog/domain/testing/scratch-dir';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const TRACE = ['--import', 'tsx', '--import', './server/src/testing/trace-modules.mjs'];

const GATEWAY_CODE = [/\/node_modules\/koa\//, /\/node_modules\/@koa\//, /\/node_modules\/socket\.io\//, /\/gateway\/src\//];
const WORKER_CODE = [/\/worker\/src\/processors\//, /\/node_modules\/sharp\//, /\/node_modules\/@anthropic-ai\//];
/** The worker's code a process running it loads at start; sharp and the Anthropic SDK wait for the first image or question. */
const WORKER_START = WORKER_CODE.slice(0, 1);
const ON_FIRST_USE = WORKER_CODE.slice(1);
/** Redis's clients: only where REDIS_URL is set (an embedded process is about 20 MB smaller without them). */
const REDIS_CODE = [/\/node_modules\/bullmq\//, /\/node_modules\/ioredis\//];

function traceFile(): string {
  return path.join(scratchDir('pog-trace-'), 'modules.txt');
}

function loaded(file: string): string[] {
  return readFileSync(file, 'utf8').split('\n').filter(Boolean);
}

const matching = (modules: string[], patterns: RegExp[]) => patterns.filter((pattern) => modules.some((url) => pattern.test(url))).map(String);

/** Starts `server/src/main.ts` with SERVICES and env, waits until ready, stops it; what it loaded. */
async function modulesOf(env: Record<string, string>): Promise<string[]> {
  const file = traceFile();
  const service = await spawnService({ ...env, POG_MODULE_TRACE: file }, [...TRACE, 'server/src/main.ts']);
  try {
    await service.ready();
  } finally {
    await service.stop();
  }
  return loaded(file);
}

describe('the composition root loads a service only where SERVICES runs it', () => {
  it('loads neither service by importing the entry modules', () => {
    const file = traceFile();
    const run = spawnSync(process.execPath, [...TRACE, '--input-type=module', '-e', "await import('./server/src/runtime.ts'); await import('./server/src/probe-server.ts');"], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, POG_MODULE_TRACE: file },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    const modules = loaded(file);
    expect(modules.some((url) => url.endsWith('/server/src/runtime.ts'))).toBe(true);
    expect(matching(modules, GATEWAY_CODE)).toEqual([]);
    expect(matching(modules, WORKER_CODE)).toEqual([]);
  });

  it('loads both in an embedded process (gateway and worker, PGlite, no Redis)', async () => {
    const modules = await modulesOf({ SERVICES: 'gateway,worker' });
    expect(matching(modules, GATEWAY_CODE)).toEqual(GATEWAY_CODE.map(String));
    expect(matching(modules, WORKER_START)).toEqual(WORKER_START.map(String));
    expect(matching(modules, ON_FIRST_USE)).toEqual([]);
    expect(matching(modules, REDIS_CODE)).toEqual([]);
  }, 120_000);

  const missing = [!databaseUrl && 'TEST_DATABASE_URL', !redisUrl && 'TEST_REDIS_URL'].filter(Boolean).join(' and ');
  const shared = {
    DATABASE_URL: databaseUrl ?? '',
    REDIS_URL: redisUrl ?? '',
    REDIS_PREFIX: `${process.env.TEST_REDIS_PREFIX ?? 'test'}-lazy-${process.pid}-${Date.now()}`,
    SESSION_SECRET: 'lazy-services-secret-0123456789',
  };

  it.skipIf(Boolean(missing))(`never loads Koa or Socket.IO in a worker-only process${missing ? ` [needs ${missing}]` : ''}`, async () => {
    const modules = await modulesOf({ ...shared, SERVICES: 'worker' });
    expect(matching(modules, WORKER_START)).toEqual(WORKER_START.map(String));
    expect(matching(modules, ON_FIRST_USE)).toEqual([]);
    expect(matching(modules, GATEWAY_CODE)).toEqual([]);
    expect(matching(modules, REDIS_CODE)).toEqual(REDIS_CODE.map(String));
  }, 120_000);

  it.skipIf(Boolean(missing))(`never loads the processors in a gateway-only process${missing ? ` [needs ${missing}]` : ''}`, async () => {
    const modules = await modulesOf({ ...shared, SERVICES: 'gateway' });
    expect(matching(modules, GATEWAY_CODE)).toEqual(GATEWAY_CODE.map(String));
    expect(matching(modules, WORKER_CODE)).toEqual([]);
    expect(matching(modules, REDIS_CODE)).toEqual(REDIS_CODE.map(String));
  }, 120_000);
});
