/**
 * The process's one structured logger (pino), made once by the composition root and handed to every
 * part that logs. Lines are JSON (time, level, service, message, then fields); a terminal gets them
 * pretty instead. Secrets never reach a line: request bodies are not logged at all, and the known
 * secret-bearing keys are redacted wherever they appear (a safety net for what a caller might pass).
 */
import { hostname } from 'node:os';
import pino, { type DestinationStream } from 'pino';
import { prettyFactory } from 'pino-pretty';
import { redactSecrets } from './redact';
import { serializeError } from './serialize-error';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Fields first, then the message: `log.info({ jobId }, 'job started')`, or just `log.info('started')`. */
export interface LogFn {
  (fields: object, message?: string): void;
  (message: string): void;
}

/** What the app needs of a logger; pino's satisfies it, and so does any test double. */
export interface Logger {
  fatal: LogFn;
  error: LogFn;
  warn: LogFn;
  info: LogFn;
  debug: LogFn;
  trace: LogFn;
  /** A logger adding these fields to every line (a component, a request id). */
  child(bindings: Record<string, unknown>): Logger;
  isLevelEnabled(level: string): boolean;
}

export interface LoggerOptions {
  /** Which service this process runs: "gateway", "worker" or "gateway+worker". */
  service: string;
  level?: LogLevel;
  /** Human-readable lines (a developer's terminal) instead of JSON. */
  pretty?: boolean;
  /** Where lines go (default stdout). */
  destination?: DestinationStream;
}

export function createLogger(options: LoggerOptions): Logger {
  const settings: pino.LoggerOptions = {
    level: options.level ?? 'info',
    messageKey: 'message',
    timestamp: pino.stdTimeFunctions.isoTime,
    base: { service: options.service, pid: process.pid, hostname: hostname() },
    // Secrets are redacted from the fields of every line (redact.ts), and from a child's below.
    formatters: { level: (label) => ({ level: label }), log: redactSecrets },
    serializers: { err: serializeError, error: serializeError },
  };
  // Written asynchronously: lines logged while a write is on its way go out together in the next one
  // (a busy gateway writes one access line per request), and pino writes what is left when the
  // process exits, process.exit included.
  const target = options.destination ?? pino.destination({ dest: 1, sync: false });
  return redactingChildren(pino(settings, options.pretty ? prettyLines(target, options.destination === undefined) : target));
}

/**
 * A child logger's fields are written on each of its lines without passing `formatters.log`: they
 * are redacted once, when the child is made. Children inherit this `child` from their parent.
 */
function redactingChildren(logger: pino.Logger): pino.Logger {
  const child = logger.child;
  logger.child = function (this: pino.Logger, bindings, childOptions) {
    return child.call(this, redactSecrets(bindings), childOptions);
  } as typeof logger.child;
  return logger;
}

/** Each JSON line rewritten for a person at a terminal, synchronously, to the same destination. */
function prettyLines(target: DestinationStream, colorize: boolean): DestinationStream {
  const prettify = prettyFactory({ colorize, messageKey: 'message', translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' });
  return { write: (line: string) => void target.write(prettify(line)) };
}

/** A logger that writes nothing (tests, and callers that were given none). */
export const silentLogger: Logger = pino({ level: 'silent' });

/** The service name of a process from what it runs. */
export function serviceName(services: readonly string[]): string {
  return [...services].sort().join('+');
}
