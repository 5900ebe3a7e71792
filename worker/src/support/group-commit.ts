/**
 * Group commit: callers submit one item each and get its own result, while the items are handed to
 * `settle` in groups. Nothing waits on a timer: the first item is settled at once (next turn of the
 * event loop, with whatever else arrived in the same turn), and items arriving while a group is being
 * settled form the next group. Under light load every group holds one item; under heavy load groups
 * grow by themselves, so that one transaction serves many requests.
 */
import type { Settled } from '@pog/domain/settled';

export interface GroupCommitOptions {
  /** Items in one group at most (the rest wait for the next group). */
  maxGroup: number;
  /** Groups being settled at the same time at most. */
  maxInFlight: number;
}

export class GroupCommit<I, O> {
  private readonly waiting: Array<{ item: I; resolve: (value: O) => void; reject: (error: unknown) => void }> = [];
  private inFlight = 0;
  private scheduled = false;

  /** `settle` answers one result per item, in order; if it throws, every item of the group fails with that error. */
  constructor(
    private readonly settle: (items: I[]) => Promise<Array<Settled<O>>>,
    private readonly options: GroupCommitOptions,
  ) {
    for (const [name, value] of Object.entries(options)) {
      if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
    }
  }

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.options.maxInFlight || this.waiting.length === 0) return;
    this.scheduled = true;
    // setImmediate, so that items submitted in the same turn (several job replies in one read) share a group.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.inFlight >= this.options.maxInFlight || this.waiting.length === 0) return;
    const group = this.waiting.splice(0, this.options.maxGroup);
    this.inFlight += 1;
    // What did not fit in this group may start the next one at once, if another may run.
    this.schedule();
    try {
      const results = await this.settle(group.map((entry) => entry.item));
      group.forEach((entry, i) => {
        const result = results[i] ?? { ok: false, error: new Error('group commit: no result for this item') };
        if (result.ok) entry.resolve(result.value);
        else entry.reject(result.error);
      });
    } catch (error) {
      for (const entry of group) entry.reject(error);
    } finally {
      this.inFlight -= 1;
      this.schedule();
    }
  }
}
