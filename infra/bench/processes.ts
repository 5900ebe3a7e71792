/**
 * The servers a benchmark measures, each in processes of its own: ready once a health URL answers
 * 200, stopped with SIGTERM (SIGKILL if they linger), together with every process they started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { KNOWN_ENV_VARS } from '@pog/domain/config';
import { freePort } from '../../gateway/src/testing/free-port';
import { processTree } from './proc';

export { freePort };

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** The last lines the process printed, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
const signalAll = (pids: number[], signal: NodeJS.Signals) =>
  pids.forEach((pid) => {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  });
// A benchmark that fails or is interrupted leaves no server behind.
process.once('exit', () => running.forEach((child) => signalAll(processTree(child.pid!), 'SIGKILL')));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

/** The process's environment without the app's own variables and `npm test`'s (TEST_*), so no shell setting changes what is measured. */
export function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (KNOWN_ENV_VARS.includes(name) || name.startsWith('TEST_') || name === 'E2E_REQUIRED') delete env[name];
  return env;
}

/** The app's environment in a benchmark: production, on 127.0.0.1, behind a trusted proxy (each simulated player sends its own X-Forwarded-For). */
export const appEnv = (extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({ ...cleanEnv(), NODE_ENV: 'production', HOST: '127.0.0.1', TRUST_PROXY: 'true', ...extra });

/** The app's entry in a tree (a `--baseline` revision from before the composition root started from the gateway's). */
export const appEntry = (root: string): string => (existsSync(path.join(root, 'server/src/main.ts')) ? 'server/src/main.ts' : 'gateway/src/main.ts');

export async function startServer(options: { name: string; command?: string; args: string[]; env: NodeJS.ProcessEnv; port: number; healthPath?: string; root?: string }): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(options.command ?? process.execPath, options.args, { cwd: options.root ?? repoRoot, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => lines.splice(0, Math.max(0, lines.push(...chunk.toString().split('\n').filter(Boolean)) - 40));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const output = () => lines.join('\n');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const tree = processTree(child.pid!);
      signalAll(tree, 'SIGTERM');
      const timer = setTimeout(() => signalAll(tree, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    running.delete(child);
  };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const status = await fetch(url + (options.healthPath ?? '/healthz'), { signal: AbortSignal.timeout(2000) }).then((r) => r.status, () => 0);
    if (status === 200) return { url, child, output, stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`${options.name} did not become healthy at ${url}:\n${output()}`);
}

export interface AppOptions {
  /** The repository tree to run (default: this one; a `--baseline` revision's otherwise). */
  root?: string;
  /** Kept, not removed on stop (e.g. an embedded database seeded beforehand). */
  dataDir?: string;
  sessionSecret?: string;
  databaseUrl?: string;
}

/** One process of the app of tree `root` (its services as `env` says), on a free port. */
export async function startAppProcess(name: string, env: NodeJS.ProcessEnv, root = repoRoot): Promise<ServerProcess> {
  const port = await freePort();
  return startServer({ name, args: ['--import', 'tsx', appEntry(root)], env: { ...env, PORT: String(port) }, port, root });
}

/** The whole app in one process (gateway and in-process jobs), on PGlite in `dataDir` unless given a database URL. */
export async function startApp(options: AppOptions = {}): Promise<ServerProcess & { dataDir: string }> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'pog-bench-'));
  const env = appEnv({
    DATA_DIR: dataDir,
    SESSION_SECRET: options.sessionSecret ?? randomBytes(24).toString('base64url'),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  });
  const server = await startAppProcess('app', env, options.root);
  const stop = async () => {
    await server.stop();
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  return { ...server, dataDir, stop };
}

/** The smallest Koa app that answers JSON (hello-koa.ts), under tsx as the app runs: the machine's yardstick. */
export async function startHello(): Promise<ServerProcess> {
  const port = await freePort();
  return startServer({ name: 'hello-koa', args: ['--import', 'tsx', 'infra/bench/hello-koa.ts'], env: { ...cleanEnv(), PORT: String(port) }, port, healthPath: '/' });
}
