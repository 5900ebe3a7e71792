/**
 * The process entry: `node --import tsx gateway/src/main.ts`. SERVICES picks what runs here.
 * SIGTERM or SIGINT shut down gracefully: stop taking work, finish what runs, close everything.
 */
import { ConfigError, DataDirLockedError, loadConfig } from '@pog/common/server';
import { startRuntime } from './runtime';

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
  const runtime = await startRuntime({ config });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[process] ${signal}: shutting down`);
    const timer = setTimeout(() => process.exit(1), 30_000);
    timer.unref();
    void runtime.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('[process] failed to start:', error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
