/**
 * A benchmark stack's own redis-server (stack.ts), on a free port, without persistence: its CPU time
 * (/proc, by its pid) and its command counts (INFO commandstats) are the stack's alone, not mixed
 * with the shared Redis's other traffic. Stopped by its pid. BENCH_SHARED_REDIS=1 (or a machine
 * without redis-server) keeps the shared Redis at 127.0.0.1:6379 instead.
 */
import { spawnSync } from 'node:child_process';
import { Redis } from 'ioredis';
import { startOwnRedis as startTestRedis } from '../../gateway/src/testing/redis-server';

export interface OwnRedis {
  url: string;
  pid: number;
  /** Calls per command since the server started (INFO commandstats), e.g. { evalsha: 1200, xread: 40 }. */
  commandCounts(): Promise<Map<string, number>>;
  stop(): Promise<void>;
}

export const ownRedisAvailable = (): boolean =>
  process.env.BENCH_SHARED_REDIS !== '1' && spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

/** The fault tests' own redis-server (gateway/src/testing/redis-server.ts), with a client that reads its command counts. */
export async function startOwnRedis(): Promise<OwnRedis> {
  const server = await startTestRedis();
  const pid = server.pid()!;
  let stopped = false;
  // A run that ends without stop() (an error) takes its server with it.
  process.once('exit', () => {
    if (!stopped) process.kill(pid, 'SIGKILL');
  });
  const client = new Redis(server.url, { maxRetriesPerRequest: 1 });
  client.on('error', () => undefined);
  return {
    url: server.url,
    pid,
    async commandCounts() {
      const counts = new Map<string, number>();
      const info = await client.info('commandstats');
      for (const match of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) counts.set(match[1]!, Number(match[2]));
      return counts;
    },
    async stop() {
      client.disconnect();
      await server.stop('SIGTERM');
      stopped = true;
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
