/**
 * A redis-server of a test's own, on a free port, for fault tests: stopping it (by its pid, never by
 * name) and starting it again empty is an outage the shared Redis never has to suffer.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from './free-port';
import { waitFor } from './wait';

/** Whether this machine has a redis-server to start. */
export const hasRedisServer = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

export interface OwnRedis {
  url: string;
  port: number;
  /** The running server's pid (it changes when the server is started again). */
  pid(): number | undefined;
  /** Stops the server (SIGKILL by default: an outage, not a shutdown) and waits until it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port, with no data (as a Redis without persistence restarts). */
  start(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;

  async function start(): Promise<void> {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'], {
      stdio: 'ignore',
    });
    await waitFor(
      async () => {
        const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
        probe.on('error', () => undefined);
        try {
          await probe.connect();
          return (await probe.ping()) === 'PONG';
        } catch {
          return false;
        } finally {
          probe.disconnect();
        }
      },
      10_000,
      `redis-server on port ${port}`,
    );
  }

  async function stop(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill(signal);
    await exited;
  }

  await start();
  return { url: `redis://127.0.0.1:${port}`, port, pid: () => child?.pid, stop, start };
}
