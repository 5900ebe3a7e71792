/**
 * The process's one structured logger (pino), made once by the composition root and handed to every
 * part that logs. Lines are JSON (time, level, service, message, then fields); a terminal gets them
 * pretty instead. Secrets never reach a line: request bodies are not logged at all, and the known
 * secret-bearing keys are redacted wherever they appear (a safety net for what a caller might pass).
 */
import { hostname } from 'node:os';
import pino, { type DestinationStream } from 'pino';
import { prettyFactory } from 'pino-pretty';
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

const SECRET_KEYS = ['password', 'currentPassword', 'newPassword', 'adminPassword', 'token', 'sessionId', 'sessionToken', 'secret', 'cookie', 'authorization', 'apiKey'];
const SECRET_HEADERS = ['cookie', 'authorization', '"set-cookie"', '"x-api-key"'];

/**
 * Where a secret could sit in the fields of a line, to three levels deep (`password`,
 * `body.password`, `req.body.password`), and the secret-bearing headers of any headers object.
 */
export const REDACTED_PATHS: string[] = [
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
  ...SECRET_HEADERS.flatMap((header) => [`headers[${header}]`, `*.headers[${header}]`]),
];

export function createLogger(options: LoggerOptions): Logger {
  const settings: pino.LoggerOptions = {
    level: options.level ?? 'info',
    messageKey: 'message',
    timestamp: pino.stdTimeFunctions.isoTime,
    base: { service: options.service, pid: process.pid, hostname: hostname() },
    formatters: { level: (label) => ({ level: label }) },
    serializers: { err: serializeError, error: serializeError },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  const target = options.destination ?? pino.destination({ dest: 1, sync: true });
  return pino(settings, options.pretty ? prettyLines(target, options.destination === undefined) : target);
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
