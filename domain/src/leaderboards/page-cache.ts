/**
 * The leaderboard pages everyone reads (page 1 of each board above all), kept for a few seconds per
 * process so that most reads never reach the database. The gateway drops them all when an event
 * that changes the standings passes by (a battle completed, a trade accepted, a POG's points or
 * holder changed, a ban): the same events that tell open leaderboards to refresh, so a refresh
 * never gets a page from before the change. A read that began before a drop does not store its
 * (possibly older) page: each drop starts a new generation.
 *
 * One read per page at a time: requests that find no page wait for the read in progress of the
 * same generation instead of starting their own. A page past its time to live (no drop since it was
 * read, so nothing known changed it) is still served for up to another time to live while one
 * background read replaces it, so a page's expiry never makes its readers wait.
 */
import type { LeaderboardEntry } from '@pog/common/leaderboards/api';

export interface CachedPage {
  entries: LeaderboardEntry[];
  hasMore: boolean;
}

export class LeaderboardPageCache {
  private readonly pages = new Map<string, { storedAt: number; page: CachedPage }>();
  /** Reads in progress of the current generation, by key. */
  private readonly reading = new Map<string, Promise<CachedPage>>();
  private generationNumber = 0;

  /** `ttlMs` 0: nothing is kept or shared. */
  constructor(
    readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Changes at every drop. */
  get generation(): number {
    return this.generationNumber;
  }

  /**
   * The page under `key` if one is kept or being read: a kept page within its time to live; one
   * past it (up to twice that) while `refresh` reads it again in the background; or the read in
   * progress. Undefined: read it, through `share`.
   */
  held(key: string, refresh: () => Promise<CachedPage>): CachedPage | Promise<CachedPage> | undefined {
    if (this.ttlMs <= 0) return undefined;
    const kept = this.pages.get(key);
    const reading = this.reading.get(key);
    if (kept) {
      const age = this.clock() - kept.storedAt;
      if (age <= this.ttlMs) return kept.page;
      if (age <= 2 * this.ttlMs) {
        if (!reading) this.share(key, refresh()).catch(() => undefined);
        return kept.page;
      }
      this.pages.delete(key);
    }
    return reading;
  }

  /** A read of `key`: others wait for it meanwhile, and its page is kept unless a drop came since it began. */
  share(key: string, read: Promise<CachedPage>): Promise<CachedPage> {
    if (this.ttlMs <= 0) return read;
    const generation = this.generationNumber;
    const shared = read.then(
      (page) => {
        if (generation === this.generationNumber) this.pages.set(key, { storedAt: this.clock(), page });
        return page;
      },
    ).finally(() => {
      if (this.reading.get(key) === shared) this.reading.delete(key);
    });
    this.reading.set(key, shared);
    return shared;
  }

  /** Drops every page, and forgets the reads in progress (theirs may predate the change). */
  clear(): void {
    this.generationNumber++;
    this.pages.clear();
    this.reading.clear();
  }
}
