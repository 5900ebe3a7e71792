/**
 * The relay's queue in a process that runs job processors (distributed mode): an outbox job this
 * process's relay claimed (mostly the follow-ups its own units of work declared, such as the
 * achievements check after a group of battles) runs here at once, its first try, instead of going
 * through Redis to come back to this same worker. The guarantees stay the outbox's:
 *
 * - its row is claimed before it runs and marked done only when the processor finished it, so a
 *   process that dies meanwhile leaves it to the relay's redelivery (as BullMQ's stalled-job check
 *   would after a crash);
 * - a failed first try goes to the queue with the tries it has left, after the queue's first backoff
 *   (so retries, their backoff and the failure log are the queue's), or is finished when it had none
 *   left or the failure is permanent;
 * - the job keeps its deterministic id (`outbox-<row id>`), and processors are idempotent.
 *
 * Busy (LOCAL_CONCURRENCY jobs running here), delayed jobs, and processors this process lacks go to
 * the queue as before.
 */
import {
  outboxJobId, type EnqueueOptions, type JobContext, type JobName, type JobPayload, type JobQueue, type OutboxJobFinished, type OutboxJobId, type ProcessorMap,
} from '@pog/domain/jobs';
import { type Logger } from '@pog/domain/logging';
import { DEFAULT_ATTEMPTS } from './defaults';
import { isPermanentFailure, leftToOutbox } from './job-errors';
import { jobTracker, type JobMetrics } from './job-tracker';

/** Outbox jobs running here at once, at most; more go to the queue. */
export const LOCAL_CONCURRENCY = 8;

export interface LocalFirstOptions {
  processors: ProcessorMap;
  outboxJobFinished: OutboxJobFinished;
  log: Logger;
  metrics?: JobMetrics;
  /** The wait before a failed local try is tried again by the queue (the queue's first backoff). */
  retryDelayMs?: number;
  concurrency?: number;
}

export interface LocalFirstQueue extends JobQueue {
  /** Waits for the jobs running here (before the database closes). */
  drain(): Promise<void>;
}

type OpaqueProcessor = (payload: unknown, context: JobContext) => Promise<unknown>;

export function localFirstQueue(queue: JobQueue, options: LocalFirstOptions): LocalFirstQueue {
  const tracker = jobTracker({ log: options.log, metrics: options.metrics });
  const concurrency = options.concurrency ?? LOCAL_CONCURRENCY;
  const running = new Set<Promise<void>>();
  let draining = false;

  async function runHere(name: JobName, processor: OpaqueProcessor, payload: unknown, outboxId: OutboxJobId, opts: EnqueueOptions): Promise<void> {
    const jobId = outboxJobId(outboxId);
    const attempts = Math.max(1, opts.attempts ?? DEFAULT_ATTEMPTS);
    const tried = tracker.start({ name, jobId, attempt: 1 });
    try {
      await processor(payload, { jobId, attempt: 1 });
    } catch (error) {
      const final = isPermanentFailure(error) || attempts <= 1;
      // Its only try met a database outage: the row stays open for the relay to hand over again.
      const handedBack = final && leftToOutbox(error, true);
      tried.failed(error, final, handedBack);
      if (handedBack) return;
      // Not marked done if this fails too: the relay's redelivery hands the row over again.
      if (final) await options.outboxJobFinished(outboxId);
      else await queue.enqueue(name, payload as never, { ...opts, attempts: attempts - 1, delayMs: options.retryDelayMs ?? 1_000 });
      return;
    }
    await options.outboxJobFinished(outboxId);
    tried.completed();
  }

  return {
    kind: queue.kind,
    async enqueue<N extends JobName>(name: N, payload: JobPayload<N>, opts: EnqueueOptions = {}): Promise<void> {
      const processor = options.processors[name] as OpaqueProcessor | undefined;
      const local = processor && opts.outboxId !== undefined && !opts.delayMs && !draining && running.size < concurrency;
      if (!local) return queue.enqueue(name, payload, opts);
      const run: Promise<void> = runHere(name, processor, payload, opts.outboxId!, opts)
        .catch((error: unknown) =>
          options.log.warn({ component: 'jobs', job: name, err: error instanceof Error ? error.message : String(error) }, `job ${name} could not be finished here; the outbox hands it over again`),
        )
        .finally(() => running.delete(run));
      running.add(run);
    },
    run: (name, payload, opts) => queue.run(name, payload, opts),
    schedule: (name, everyMs, payload) => queue.schedule(name, everyMs, payload),
    healthy: () => queue.healthy(),
    jobCounts: () => queue.jobCounts(),
    onReconnect: (listener) => queue.onReconnect?.(listener),
    async drain() {
      draining = true;
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    close: () => queue.close(),
  };
}
