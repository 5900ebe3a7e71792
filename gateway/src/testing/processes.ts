/**
 * Runs the real process entry (`server/src/main.ts`) as child processes, through tsx as deployments do.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedPgliteDataDir } from './pglite-template';
import { waitFor } from './wait';
import { freePort } from './free-port';

export { freePort };

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * npm's own script (npm-cli.js), to run `npm start` with this node as `spawnService`'s command
 * (`[NPM_CLI, 'start']`; npm also wants HOME); undefined where npm is not installed that way.
 */
export const NPM_CLI = (() => {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const file = path.join(dir, 'npm');
    if (!existsSync(file)) continue;
    const real = realpathSync(file);
    if (real.endsWith('.js')) return real;
  }
  return undefined;
})();

export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  /** stdout and stderr together, as a terminal would show them. */
  output(): string;
  /** stdout alone: the process's log lines. */
  stdout(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

export interface SpawnedService extends ServiceProcess {
  /**
   * Resolves once the process answers /readyz with 200 (gateways and worker-only processes alike);
   * rejects if it exits first. A process that does not get ready in time is killed, so that it is
   * not left running behind the failed test.
   */
  ready(timeoutMs?: number): Promise<void>;
}

/** Node's arguments that start the app's entry, or the browser tests' entry (the same process, plus test-data factories over IPC). */
export function appEntry(entry: 'main' | 'e2e' = 'main'): string[] {
  return ['--import', 'tsx', entry === 'e2e' ? 'server/src/testing/e2e-entry.ts' : 'server/src/main.ts'];
}

/** Starts one process and waits until it is ready. */
export async function startService(env: Record<string, string>): Promise<ServiceProcess> {
  const service = await spawnService(env);
  await service.ready();
  return service;
}

/**
 * Starts one process (the app's entry, or `command`) without waiting for it to be ready, on a free
 * port or on `env.PORT` (to start a process again where its clients expect it). `launcher` runs it
 * through another program, given node and its arguments last (e.g. unshare).
 */
export async function spawnService(env: Record<string, string>, command: string[] = appEntry(), launcher: string[] = []): Promise<SpawnedService> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'pog-proc-'));
  // An embedded database starts from the migrated template (no initdb), like every test database.
  if (!env.DATABASE_URL && !existsSync(path.join(dataDir, 'pglite'))) await seedPgliteDataDir(dataDir);
  let output = '';
  let stdout = '';
  const [program, ...args] = [...launcher, process.execPath, ...command];
  const child = spawn(program!, args, {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => {
    output += String(chunk);
    stdout += String(chunk);
  });
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // A data folder made here is known to no one else: it goes once its process has exited, unless
  // processes it started may outlive it (npm's, a launcher's) and still be using the folder.
  // `stop` waits for it too, so that a test file's last process leaves nothing behind when the file ends.
  const removed = !env.DATA_DIR && launcher.length === 0 && command[0] !== NPM_CLI ? exited.then(() => rm(dataDir, { recursive: true, force: true }).catch(() => undefined)) : exited;
  return {
    child,
    url,
    output: () => output,
    stdout: () => stdout,
    async ready(timeoutMs = 90_000) {
      await waitFor(
        async () => {
          if (child.exitCode !== null) throw new Error(`process exited early:\n${output}`);
          try {
            return (await fetch(`${url}/readyz`)).status === 200;
          } catch {
            return false;
          }
        },
        timeoutMs,
        `the ${env.SERVICES ?? 'gateway,worker'} process to start`,
      ).catch((error: unknown) => {
        child.kill('SIGKILL');
        throw error;
      });
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      await removed;
      return code;
    },
  };
}
