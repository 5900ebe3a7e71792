/**
 * The process entry: `node --import tsx gateway/src/main.ts`. SERVICES picks what runs here.
 * The process's one logger is made here and handed to everything: JSON lines, or readable ones
 * when stdout is a terminal (`npm start` in a shell). SIGTERM or SIGINT shut down gracefully: stop
 * taking work, finish what runs, close everything.
 */
import { ConfigError, createLogger, loadConfig, serviceName } from '@pog/common/server';
import { startRuntime } from './runtime';

const pretty = process.stdout.isTTY === true;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      createLogger({ service: 'startup', pretty }).fatal({ problems: error.problems }, error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const log = createLogger({ service: serviceName(config.services), level: config.logLevel, pretty });
  process.on('uncaughtException', (error) => {
    log.fatal({ err: error }, 'uncaught exception; stopping');
    process.exit(1);
  });
  const runtime = await startRuntime({ config, log }).catch((error: unknown) => {
    log.fatal({ err: error }, 'failed to start');
    process.exit(1);
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ component: 'process', signal }, `${signal}: shutting down`);
    // The runtime drains within about 8 s; a process stuck past this is ended anyway.
    const timer = setTimeout(() => process.exit(1), 12_000);
    timer.unref();
    void runtime.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('[process] failed to start:', error);
  process.exit(1);
});
