/**
 * The leaderboard pages everyone reads (page 1 of each board above all), kept for a few seconds per
 * process so that most reads never reach the database. The gateway drops them all when an event
 * that changes the standings passes by (a battle completed, a trade accepted, a POG's points or
 * holder changed, a ban): the same events that tell open leaderboards to refresh, so a refresh
 * never gets a page from before the change. A read that began before a drop does not store its
 * (possibly older) page: each drop starts a new generation.
 */
import type { LeaderboardEntry } from '@pog/common/leaderboards/api';

export interface CachedPage {
  entries: LeaderboardEntry[];
  hasMore: boolean;
}

export class LeaderboardPageCache {
  private readonly pages = new Map<string, { storedAt: number; page: CachedPage }>();
  private generationNumber = 0;

  /** `ttlMs` 0: nothing is kept. */
  constructor(
    readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Changes at every drop; pass the value read before the database to `set`. */
  get generation(): number {
    return this.generationNumber;
  }

  get(key: string): CachedPage | undefined {
    const kept = this.pages.get(key);
    if (!kept) return undefined;
    if (this.clock() - kept.storedAt > this.ttlMs) {
      this.pages.delete(key);
      return undefined;
    }
    return kept.page;
  }

  /** Keeps a page read while the generation was `generation` (nothing if a drop came since). */
  set(key: string, page: CachedPage, generation: number): void {
    if (this.ttlMs <= 0 || generation !== this.generationNumber) return;
    this.pages.set(key, { storedAt: this.clock(), page });
  }

  /** Drops every page: the standings changed. */
  clear(): void {
    this.generationNumber++;
    this.pages.clear();
  }
}
