/** Runs the real process entry (`gateway/src/main.ts`) as child processes, as deployments do. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from './wait';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts one process and waits until it is ready (health check for gateways, log line for workers). */
export async function startService(env: Record<string, string>): Promise<ServiceProcess> {
  const service = await spawnService(env);
  await service.ready();
  return service;
}

export interface SpawnedService extends ServiceProcess {
  /** Resolves once the process serves (gateways) or processes jobs (workers); rejects if it exits first. */
  ready(timeoutMs?: number): Promise<void>;
}

/** Starts one process without waiting for it to be ready. */
export async function spawnService(env: Record<string, string>, command: string[] = ['--import', 'tsx', 'gateway/src/main.ts']): Promise<SpawnedService> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, command, {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pog-proc-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const url = `http://127.0.0.1:${port}`;
  const isGateway = (env.SERVICES ?? 'gateway,worker').includes('gateway');
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    url,
    output: () => output,
    async ready(timeoutMs = 60_000) {
      await waitFor(
        async () => {
          if (child.exitCode !== null) throw new Error(`process exited early:\n${output}`);
          if (!isGateway) return output.includes('[worker] processing jobs');
          try {
            return (await fetch(`${url}/healthz`)).status === 200;
          } catch {
            return false;
          }
        },
        timeoutMs,
        `the ${env.SERVICES ?? 'app'} process to start`,
      );
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
