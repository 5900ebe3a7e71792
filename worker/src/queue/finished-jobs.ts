/**
 * Waiting for a job's outcome from the queue's event stream, without asking Redis again.
 *
 * BullMQ's `job.waitUntilFinished` adds listeners once the job was added, then asks Redis whether it
 * finished meanwhile (one more script call per job), because the stream may have brought the outcome
 * before the listeners existed. Here every outcome the stream brings is also kept a short while
 * (RECENT_MS), so a waiter that starts after its job's outcome arrived finds it at once: `run()`
 * subscribes the stream before adding the job, and the outcome of a job this process just added
 * cannot have been read more than a turn of the event loop before the add's answer.
 */
export type JobOutcome = { ok: true; value: unknown } | { ok: false; reason: string | undefined };

/** How long an outcome nobody waited for yet is kept. */
const RECENT_MS = 10_000;
/** Outcomes kept at most (the oldest go first). */
const RECENT_LIMIT = 10_000;

/** What is needed of BullMQ's QueueEvents: its per-queue 'completed' and 'failed' events. */
export interface JobEventSource {
  on(event: 'completed', listener: (args: { jobId: string; returnvalue: unknown }) => void): unknown;
  on(event: 'failed', listener: (args: { jobId: string; failedReason: string }) => void): unknown;
}

export class FinishedJobs {
  private readonly waiters = new Map<string, Set<(outcome: JobOutcome) => void>>();
  /** Outcomes in arrival order, with when they arrived. */
  private readonly recent = new Map<string, { outcome: JobOutcome; at: number }>();

  constructor(events: JobEventSource) {
    events.on('completed', ({ jobId, returnvalue }) => this.settle(jobId, { ok: true, value: returnvalue }));
    events.on('failed', ({ jobId, failedReason }) => this.settle(jobId, { ok: false, reason: failedReason }));
  }

  /**
   * Resolves with the job's outcome: at once if the stream brought it already. `cancel` stops waiting
   * (the caller's timeout or the queue closing); the promise then never settles.
   */
  wait(jobId: string): { outcome: Promise<JobOutcome>; cancel: () => void } {
    const known = this.recent.get(jobId);
    if (known) return { outcome: Promise.resolve(known.outcome), cancel: () => undefined };
    let listener: ((outcome: JobOutcome) => void) | undefined;
    const outcome = new Promise<JobOutcome>((resolve) => {
      listener = resolve;
      let set = this.waiters.get(jobId);
      if (!set) this.waiters.set(jobId, (set = new Set()));
      set.add(resolve);
    });
    return {
      outcome,
      cancel: () => {
        const set = this.waiters.get(jobId);
        set?.delete(listener!);
        if (set?.size === 0) this.waiters.delete(jobId);
      },
    };
  }

  private settle(jobId: string, outcome: JobOutcome): void {
    const set = this.waiters.get(jobId);
    this.waiters.delete(jobId);
    for (const resolve of set ?? []) resolve(outcome);
    // Kept for a run() whose add answered after this outcome was read (a job shared by deduplication).
    this.recent.delete(jobId);
    this.recent.set(jobId, { outcome, at: Date.now() });
    const cutoff = Date.now() - RECENT_MS;
    for (const [id, { at }] of this.recent) {
      if (at >= cutoff && this.recent.size <= RECENT_LIMIT) break;
      this.recent.delete(id);
    }
  }
}
