/**
 * The servers a benchmark measures, each in processes of its own: ready once a health URL answers
 * 200, stopped with SIGTERM (SIGKILL if they linger) together with every process they started, and
 * killed if the run dies. A redis-server of the run's own; what /proc (Linux) says of processes.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { KNOWN_ENV_VARS } from '@pog/domain/config';
import { freePort } from '../../gateway/src/testing/free-port';
import { startOwnRedis } from '../../gateway/src/testing/redis-server';
import type { Defer } from './rounds';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A new folder in the system's temporary one, removed when the run ends. */
export function tempDir(prefix: string, defer: Defer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  defer(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** `key`: pid and start time (a pid the system gives again later is another process). */
export type ProcessStat = { pid: number; parent: number; cpuMs: number; key: string };

/** A file of /proc/<pid>, or '' once the process is gone. */
function readProc(pid: number, file: string): string {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
}

function readStat(pid: number): ProcessStat | undefined {
  const stat = readProc(pid, 'stat');
  if (!stat) return undefined;
  // The command name may hold spaces: the fields after its closing parenthesis are fixed.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { pid, parent: Number(fields[1]), cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND, key: `${pid}@${fields[19]}` };
}

export function allStats(): ProcessStat[] {
  return readdirSync('/proc').flatMap((name) => (/^\d+$/.test(name) ? (readStat(Number(name)) ?? []) : []));
}

/** `root` and every process under it, as the process table stands now. */
export function processTree(root: number, stats: ProcessStat[] = allStats()): number[] {
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const stat of stats) if (stat.parent === tree[i]) tree.push(stat.pid);
  return tree;
}

/** CPU milliseconds used so far by the processes under `pids` (their threads included). */
export function treeCpuMs(pids: readonly number[], stats: ProcessStat[] = allStats()): number {
  const tree = new Set(pids.flatMap((pid) => processTree(pid, stats)));
  return stats.reduce((sum, stat) => (tree.has(stat.pid) ? sum + stat.cpuMs : sum), 0);
}

/** Resident memory of some processes together, in MB (0 for one that is gone). */
export function rssMb(pids: number[]): number {
  return pids.reduce((kb, pid) => kb + Number(/VmRSS:\s+(\d+) kB/.exec(readProc(pid, 'status'))?.[1] ?? 0), 0) / 1024;
}

/** The pids of the processes still running: a benchmark that fails or is interrupted leaves none behind. */
const running = new Set<number>();
const signalAll = (pids: number[], signal: NodeJS.Signals) =>
  pids.forEach((pid) => {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  });
process.once('exit', () => running.forEach((pid) => signalAll(processTree(pid), 'SIGKILL')));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

/** The process's environment without the app's own variables and `npm test`'s (TEST_*), so no shell setting changes what is measured. */
export function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (KNOWN_ENV_VARS.includes(name) || name.startsWith('TEST_') || name === 'E2E_REQUIRED') delete env[name];
  return env;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** `command` (node by default) with `args` in `root` (this tree by default), on a free port given as PORT, once healthy. */
export async function startServer(options: { name: string; command?: string; args: string[]; env: NodeJS.ProcessEnv; healthPath?: string; root?: string }): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...options.env, PORT: String(port) };
  const child = spawn(options.command ?? process.execPath, options.args, { cwd: options.root ?? repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child.pid!);
  const lines: string[] = []; // the last lines it printed, for the error message
  const keep = (chunk: Buffer) => lines.splice(0, Math.max(0, lines.push(...chunk.toString().split('\n').filter(Boolean)) - 40));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const tree = processTree(child.pid!);
      signalAll(tree, 'SIGTERM');
      const timer = setTimeout(() => signalAll(tree, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    running.delete(child.pid!);
  };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const status = await fetch(url + (options.healthPath ?? '/healthz'), { signal: AbortSignal.timeout(2000) }).then((r) => r.status, () => 0);
    if (status === 200) return { url, child, stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`${options.name} did not become healthy at ${url}:\n${lines.join('\n')}`);
}

/**
 * One process of the app of tree `root`, its services as `env` says: production, on 127.0.0.1,
 * behind a trusted proxy (each simulated player sends its own X-Forwarded-For).
 */
export function startApp(name: string, env: NodeJS.ProcessEnv, root?: string): Promise<ServerProcess> {
  const secret = randomBytes(24).toString('base64url');
  const appEnv = { ...cleanEnv(), NODE_ENV: 'production', HOST: '127.0.0.1', TRUST_PROXY: 'true', SESSION_SECRET: secret, ...env };
  return startServer({ name, args: ['--import', 'tsx', 'server/src/main.ts'], env: appEnv, root });
}

/** The bare Koa hello-world (hello-koa.ts) under tsx as the app runs, the machine's yardstick. */
export const HELLO_ARGS = ['--import', 'tsx', 'infra/bench/hello-koa.ts'];

export async function startHello(defer: Defer): Promise<ServerProcess> {
  const hello = await startServer({ name: 'hello-koa', args: HELLO_ARGS, env: cleanEnv(), healthPath: '/' });
  defer(hello.stop);
  return hello;
}

/** A redis-server of the run's own on a free port, without persistence (the fault tests' helper), stopped by its pid. */
export async function startRedis(defer: Defer): Promise<{ url: string; pid: number }> {
  const server = await startOwnRedis();
  const pid = server.pid()!;
  running.add(pid);
  defer(async () => (await server.stop('SIGTERM'), running.delete(pid)));
  return { url: server.url, pid };
}
