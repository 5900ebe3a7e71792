/**
 * A benchmark stack's own redis-server (stack.ts), on a free port, without persistence: its CPU time
 * (/proc, by its pid) and its command counts (INFO commandstats) are the stack's alone, not mixed
 * with the shared Redis's other traffic. Stopped by its pid. BENCH_SHARED_REDIS=1 (or a machine
 * without redis-server) keeps the shared Redis at 127.0.0.1:6379 instead.
 */
import { spawn, spawnSync } from 'node:child_process';
import { freePort } from './processes';

export interface OwnRedis {
  url: string;
  pid: number;
  /** Calls per command since the server started (INFO commandstats), e.g. { evalsha: 1200, xread: 40 }. */
  commandCounts(): Promise<Map<string, number>>;
  stop(): Promise<void>;
}

export const ownRedisAvailable = (): boolean =>
  process.env.BENCH_SHARED_REDIS !== '1' && spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'], {
    stdio: 'ignore',
  });
  process.once('exit', () => child.kill('SIGKILL'));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `redis://127.0.0.1:${port}`;
  const { Redis } = await import('ioredis');
  // The server takes a moment to listen: connect once it does (a failed first connect rejects).
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  client.on('error', () => undefined);
  for (let waited = 0; ; waited += 100) {
    try {
      await client.connect();
      await client.ping();
      break;
    } catch (error) {
      client.disconnect();
      if (waited > 10_000 || child.exitCode !== null) throw new Error(`redis-server on port ${port} did not start: ${String(error)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    pid: child.pid!,
    async commandCounts() {
      const counts = new Map<string, number>();
      const info = await client.info('commandstats');
      for (const match of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) counts.set(match[1]!, Number(match[2]));
      return counts;
    },
    async stop() {
      client.disconnect();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Commands called between two readings, most called first (the readings' own INFO calls left out). */
export function commandsBetween(before: Map<string, number>, after: Map<string, number>): Array<[string, number]> {
  return [...after]
    .map(([name, calls]): [string, number] => [name, calls - (before.get(name) ?? 0) - (name === 'info' ? 1 : 0)])
    .filter(([, calls]) => calls > 0)
    .sort((a, b) => b[1] - a[1]);
}

/** `evalsha 3.1, xread 0.4, ...`: the commands per operation, most called first. */
export const describeCommands = (commands: Array<[string, number]>, operations: number): string =>
  commands
    .slice(0, 12)
    .map(([name, calls]) => `${name} ${(calls / Math.max(1, operations)).toFixed(2)}`)
    .join(', ');
