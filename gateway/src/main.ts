/**
 * The process entry: `node --import tsx gateway/src/main.ts`. SERVICES picks what runs here.
 * SIGTERM or SIGINT shut down gracefully: stop taking work, finish what runs, close everything.
 */
import { ConfigError, DataDirLockedError, loadConfig } from '@pog/common/server';
import { startRuntime, type Runtime } from './runtime';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  let runtime: Runtime | undefined;
  let stopping = false;
  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[process] ${reason}: shutting down`);
    // Still waiting for PostgreSQL or Redis: nothing to drain.
    if (!runtime) process.exit(0);
    // The runtime drains within about 8 s; a process stuck past this is ended anyway.
    const timer = setTimeout(() => process.exit(1), 12_000);
    timer.unref();
    void runtime.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  watchSupervisor(() => stop('the npm start process ended'));
  runtime = await startRuntime({ config });
  if (stopping) await runtime.close().then(() => process.exit(0));
}

/**
 * Under `npm start`, the app stops if the process that started it is gone (killed without passing a
 * signal on), so that nothing is left running behind it.
 */
function watchSupervisor(onGone: () => void): void {
  const supervisor = Number(process.env.POG_SUPERVISOR_PID);
  if (!Number.isInteger(supervisor) || supervisor <= 0) return;
  const timer = setInterval(() => {
    if (process.ppid !== supervisor) {
      clearInterval(timer);
      onGone();
    }
  }, 500);
  timer.unref();
}

main().catch((error: unknown) => {
  console.error('[process] failed to start:', error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
