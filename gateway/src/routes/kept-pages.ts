/**
 * The bookkeeping of pages kept and answered again while no change falls on them (Explore's,
 * pog-list-answers.ts, and the player lists', player-list-answers.ts): which pages are kept (the
 * least recently answered goes first), which were asked for lately and not kept, and the refreshes
 * running, which requests that come together share.
 */

/** What a list's answers cost, counted since start (metrics: observability/gateway-metrics.ts). */
export interface KeptPageCounts {
  /** Answered from a kept page that a check found untouched. */
  kept: number;
  /** Pages read to be kept (asked for again, or touched by a change). */
  read: number;
  /** Pages read and not kept (asked for once, or one that cannot be kept: a viewer's own, one depending on the clock). */
  unkept: number;
  /** Checks of kept pages (requests that came together share one). */
  checks: number;
}

export class KeptPages<Kept, Refreshed> {
  private readonly kept = new Map<string, Kept>();
  /** Pages asked for and not kept, the least recently asked first. */
  private readonly asked = new Set<string>();
  /** Refreshes of kept pages: the one running for a key, and the one the requests that came meanwhile wait for. */
  private readonly running = new Map<string, Promise<Refreshed>>();
  private readonly queued = new Map<string, Promise<Refreshed>>();

  constructor(
    private readonly maxPages: number,
    private readonly maxAsked: number,
  ) {}

  get(key: string): Kept | undefined {
    return this.kept.get(key);
  }

  /**
   * Whether the page under `key` is kept or was asked for lately (it is then forgotten: once read,
   * it is kept); else it is noted as asked for.
   */
  keptOrAskedBefore(key: string): boolean {
    if (this.kept.has(key) || this.asked.delete(key)) return true;
    this.asked.add(key);
    if (this.asked.size > this.maxAsked) this.asked.delete(this.asked.values().next().value!);
    return false;
  }

  /** Kept as the most recently answered (the least recently answered goes first). */
  remember(key: string, kept: Kept): void {
    this.kept.delete(key);
    this.kept.set(key, kept);
    if (this.kept.size > this.maxPages) this.kept.delete(this.kept.keys().next().value!);
  }

  /**
   * The page under `key` refreshed by a run of `refresh` that started after this call, so that it
   * shows every write committed before the request came. Requests that come while one runs share the
   * next one: a page asked for by many at once is checked about once per round trip, not once per
   * request.
   */
  refreshed(key: string, refresh: () => Promise<Refreshed>): Promise<Refreshed> {
    const running = this.running.get(key);
    if (!running) return this.startRefresh(key, refresh);
    let queued = this.queued.get(key);
    if (!queued) {
      const settled = () => {
        this.queued.delete(key);
        return this.startRefresh(key, refresh);
      };
      queued = running.then(settled, settled);
      this.queued.set(key, queued);
    }
    return queued;
  }

  private startRefresh(key: string, refresh: () => Promise<Refreshed>): Promise<Refreshed> {
    const run = refresh();
    this.running.set(key, run);
    const done = () => {
      if (this.running.get(key) === run) this.running.delete(key);
    };
    run.then(done, done);
    return run;
  }
}
