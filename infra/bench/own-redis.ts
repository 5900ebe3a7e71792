/**
 * A benchmark's own redis-server on a free port, without persistence (the fault tests' helper), so
 * that no run reads or writes the shared Redis's data. Stopped by its pid, also when the run fails.
 */
import { startOwnRedis as startRedisServer } from '../../gateway/src/testing/redis-server';

export async function startOwnRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  const server = await startRedisServer();
  const pid = server.pid()!;
  const kill = () => {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.once('exit', kill);
  return {
    url: server.url,
    async stop() {
      process.off('exit', kill);
      await server.stop('SIGTERM');
    },
  };
}
