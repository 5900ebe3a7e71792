/**
 * Runs the app as a process: reads the config, makes the process's one logger (JSON lines, or
 * readable ones when stdout is a terminal: `npm start` in a shell), starts the runtime, and shuts down
 * gracefully on SIGTERM or SIGINT (stop taking work, finish what runs, close everything). Signals count
 * from the first moment: a process still waiting for PostgreSQL or Redis simply exits.
 * `server/src/main.ts` is the entry that calls it; the browser tests' entry (`testing/e2e-entry.ts`)
 * calls it too, with `onStarted`.
 */
import { answerUncaught } from '@pog/domain/observability';
import { ConfigError, loadConfig } from '@pog/domain/config';
import { createLogger, serviceName } from '@pog/domain/logging';
import { DataDirLockedError, describeConnectionError } from '@pog/domain/db';
import { startRuntime, type Runtime } from './runtime';

export interface ProcessOptions {
  /** Called once the runtime is up (not when a signal came during the start). */
  onStarted?: (runtime: Runtime) => void;
}

const pretty = process.stdout.isTTY === true;

export async function runProcess(options: ProcessOptions = {}): Promise<void> {
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
  // The last resort for an error nobody caught: one thrown while serving a request (a timer's or an
  // emitter's callback) fails that request alone, answered 500; any other stops the process.
  const lastResort = (error: unknown) => {
    const request = answerUncaught(error);
    if (request) {
      log.error({ component: 'process', err: error, ...request }, 'an error escaped a request: answered 500 and closed its connection; still serving');
      return;
    }
    log.fatal({ err: error }, 'uncaught exception; stopping');
    process.exit(1);
  };
  process.on('uncaughtException', lastResort);
  process.on('unhandledRejection', lastResort);

  let runtime: Runtime | undefined;
  let stopping = false;
  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ component: 'process', reason }, `${reason}: shutting down`);
    // Still waiting for PostgreSQL or Redis: nothing to drain.
    if (!runtime) process.exit(0);
    // The runtime drains within about 8 s; a process stuck past this is ended anyway.
    const timer = setTimeout(() => process.exit(1), 12_000);
    timer.unref();
    void runtime.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  runtime = await startRuntime({ config, log }).catch((error: unknown) => {
    // A data folder held by another process is a message for the operator, not a stack.
    if (error instanceof DataDirLockedError) log.fatal({ component: 'process' }, error.message);
    // The cause in the line itself (PostgreSQL's own text, e.g. `3D000: database "pog" does not exist`).
    else log.fatal({ err: error }, `failed to start: ${describeConnectionError(error)}`);
    process.exit(1);
  });
  if (stopping) await runtime.close().then(() => process.exit(0));
  else options.onStarted?.(runtime);
}

/** How an entry ends when the start itself failed. */
export function failedToStart(error: unknown): never {
  console.error('[process] failed to start:', error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
}
