/** Defaults shared by both queue implementations, so embedded and distributed mode behave alike. */

/** Total tries including the first (EnqueueOptions.attempts). */
export const DEFAULT_ATTEMPTS = 5;

/** How long `run()` waits for a result (RunOptions.timeoutMs). */
export const DEFAULT_RUN_TIMEOUT_MS = 60_000;

/**
 * Jobs one process runs at the same time. Most jobs wait on PostgreSQL and Redis, so a process can
 * run many; the CPU- and memory-heavy one (image processing) has a lower limit of its own.
 */
export const DEFAULT_CONCURRENCY = 32;

/**
 * Deduplication ids are scoped by job name, so two job kinds that happen to use the same id (say a
 * user id) never swallow each other and a deduplicated `run()` always waits for a job of its own kind.
 */
export function dedupeKey(name: string, jobId: string): string {
  return `${name}:${jobId}`;
}
