/**
 * What both queues report about each try of a job they run: log lines (debug when it starts and
 * completes, a warning when it runs again after its worker stopped, the failure reporter when it
 * fails) and, when metrics are wanted, its duration by job name and outcome.
 */
import type { Logger } from '@pog/domain/logging';
import { failureReporter, type JobFailureReport } from './failure-report';

export type JobOutcome = 'completed' | 'retried' | 'failed';

export interface JobMetrics {
  /** A try ended after `seconds`: completed, failed with a retry to come, or failed for good. */
  finished(name: string, outcome: JobOutcome, seconds: number): void;
  /** A job was picked up again after the worker running it stopped (crash, kill, lost lock). */
  restarted(name: string): void;
}

export interface JobTrackerOptions {
  log: Logger;
  metrics?: JobMetrics | undefined;
  /** Hears about every failed try; defaults to the failure reporter on `log`. */
  onFailure?: ((report: JobFailureReport) => void) | undefined;
}

export interface TrackedTry {
  completed(): void;
  /** `handedBack`: an outbox job whose last try met a database outage, left for the outbox to hand over again. */
  failed(error: unknown, final: boolean, handedBack?: boolean): void;
}

export interface JobTracker {
  /** A try starts; `restarted` when it is the same try again, its first worker having stopped. */
  start(job: { name: string; jobId: string; attempt: number }, restarted?: boolean): TrackedTry;
}

export function jobTracker(options: JobTrackerOptions): JobTracker {
  const log = options.log.child({ component: 'jobs' });
  const onFailure = options.onFailure ?? failureReporter(log);
  return {
    start({ name, jobId, attempt }, restarted = false) {
      const started = performance.now();
      const fields = { job: name, jobId, attempt };
      if (restarted) {
        log.warn(fields, `job ${name} picked up again after the worker running it stopped`);
        options.metrics?.restarted(name);
      } else {
        log.debug(fields, `job ${name} started`);
      }
      const seconds = () => (performance.now() - started) / 1000;
      return {
        completed() {
          const took = seconds();
          options.metrics?.finished(name, 'completed', took);
          log.debug({ ...fields, durationMs: Math.round(took * 1000) }, `job ${name} completed`);
        },
        failed(error, final, handedBack = false) {
          options.metrics?.finished(name, final && !handedBack ? 'failed' : 'retried', seconds());
          onFailure({ name, jobId, attempt, error, final, handedBack });
        },
      };
    },
  };
}
