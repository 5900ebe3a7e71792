/**
 * A Redis server of a test's own, for tests that stop and start Redis: never the shared one. It
 * runs on a free port without persistence and is stopped by its pid.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

export const hasRedisServer = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

export interface OwnRedis {
  url: string;
  pid: number;
  /** Stops this server (SIGTERM to its pid) and waits for it to exit. */
  stop(): Promise<void>;
}

export async function startOwnRedis(port: number): Promise<OwnRedis> {
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}):\n${output}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, 'SIGTERM');
      await exited;
    },
  };
}
