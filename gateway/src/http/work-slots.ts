/**
 * At most `slots` pieces of one kind of costly work at once in this process, up to `queued` more
 * waiting their turn (first come, first served), and any beyond refused at once with `refuse()`: a
 * flood of such requests takes a bounded share of the process, and no request waits behind an
 * unbounded queue. p-limit runs the work and keeps the queue; the bound on the queue is ours.
 */
import pLimit from 'p-limit';

export interface WorkSlots {
  /** Runs `work` in its turn, or rejects with `refuse()` when the queue is full. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

export function workSlots({ slots, queued, refuse }: { slots: number; queued: number; refuse: () => Error }): WorkSlots {
  const limit = pLimit(slots);
  return {
    run(work) {
      if (limit.activeCount + limit.pendingCount >= slots + queued) return Promise.reject(refuse());
      return limit(work);
    },
  };
}
