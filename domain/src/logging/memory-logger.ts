/** A real logger that keeps its lines in memory, for tests that check what was logged. */
import { createLogger, type Logger, type LogLevel } from './logger';

export interface LogLine {
  level: string;
  message: string;
  [field: string]: unknown;
}

export interface MemoryLogger {
  log: Logger;
  lines(): LogLine[];
  /** Every line as written (JSON text), to look for things that must never be there. */
  text(): string;
}

export function memoryLogger(options: { service?: string; level?: LogLevel } = {}): MemoryLogger {
  const written: string[] = [];
  const log = createLogger({ service: options.service ?? 'test', level: options.level ?? 'debug', destination: { write: (line: string) => void written.push(line) } });
  return {
    log,
    lines: () => written.map((line) => JSON.parse(line) as LogLine),
    text: () => written.join(''),
  };
}
