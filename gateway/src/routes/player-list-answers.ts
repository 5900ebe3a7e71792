/**
 * The player lists' pages (`GET /api/users`, searched or not) kept with the database snapshot taken
 * before they were read (db/snapshot.ts), and answered again while no change committed since falls
 * on them: one small query (users/list-changes.ts) instead of the page's, as Explore's pages are
 * (pog-list-answers.ts). A change falls on a page when it changed a player the page shows (or the
 * one after it), or a player whose name is in the page's range, before or after the change: a
 * rename, a ban, a role, a new or deleted player, the POGs a player holds (player_counts). A
 * searched page counts any such change in its range whether or not the player matches the term.
 * The changes are written by the database's own triggers, so a write committed by any process
 * (another gateway, a worker) shows on the next request. A page is the same for every viewer, so one
 * kept answer serves them all. `canBeChallenged` pages depend on the clock (POGs' battle cooldowns)
 * and are read every time.
 */
import { databaseSnapshot, type Db } from '@pog/domain/db';
import { CHANGES_KEPT_MS } from '@pog/domain/pogs';
import { playerPageTouchedSince, readPublicUserPage, RecentNameMatches, type PlayerPageExtent, type PublicUser, type PublicUserFilter } from '@pog/domain/users';
import { SerializedJson } from '../http/serialized-json';
import { type KeptPageCounts, KeptPages } from './kept-pages';

/** Pages kept at most (the least recently answered goes first); a page is some KiB. */
export const KEPT_PLAYER_PAGES = 256;
/** A page is kept from the second time it is asked for while among the last this many asked for and not kept (as Explore's). */
export const ASKED_PLAYER_PAGES = 2 * KEPT_PLAYER_PAGES;

interface Kept {
  /** The snapshot the page is true at: taken before it was read, moved on by each check that found nothing touching it. */
  snapshot: string;
  /** When it was last checked (performance.now()): a page not checked for half the changes' retention is read again. */
  checkedAt: number;
  extent: PlayerPageExtent;
  body: SerializedJson<PublicUser[]>;
  nextCursor: string | undefined;
}

export interface PlayerListAnswer {
  body: PublicUser[] | SerializedJson<PublicUser[]>;
  nextCursor: string | undefined;
}

/** The page's filters without `challengeableAt`, which is never kept. */
export type KeptPlayerFilter = Omit<PublicUserFilter, 'challengeableAt'>;


type Refreshed = { kept: Kept } | { answer: PlayerListAnswer };

export class PlayerListAnswers {
  readonly counts: KeptPageCounts = { kept: 0, read: 0, unkept: 0, checks: 0 };
  private readonly pages: KeptPages<Kept, Refreshed>;
  /** What searches collected, for the longer terms typed next (users/name-matches.ts). */
  private readonly names = new RecentNameMatches();

  constructor(
    private readonly db: Db,
    maxPages = KEPT_PLAYER_PAGES,
    maxAsked = ASKED_PLAYER_PAGES,
  ) {
    this.pages = new KeptPages(maxPages, maxAsked);
  }

  /** A page read afresh and not kept (the challenge form's, which depends on the clock). */
  async answerUnkept(filter: PublicUserFilter): Promise<PlayerListAnswer> {
    this.counts.unkept++;
    const { rows, nextCursor } = await readPublicUserPage(this.db, filter, undefined, this.names);
    return { body: rows, nextCursor };
  }

  async answer(filter: KeptPlayerFilter): Promise<PlayerListAnswer> {
    const key = [filter.holding ? 1 : 0, filter.limit ?? '', filter.id ?? '', filter.cursor ?? '', filter.search ?? ''].join('\n');
    if (!this.pages.keptOrAskedBefore(key)) return this.answerUnkept(filter);
    // Checked (or read) by a refresh that started after this call; requests that come together share one.
    const fresh = await this.pages.refreshed(key, () => this.refresh(key, filter));
    if ('answer' in fresh) return fresh.answer;
    return { body: fresh.kept.body, nextCursor: fresh.kept.nextCursor };
  }

  /** The kept page checked against the changes since its snapshot, read again if one touches it. */
  private async refresh(key: string, filter: KeptPlayerFilter): Promise<Refreshed> {
    const kept = this.pages.get(key);
    let snapshot: string | undefined;
    // Change rows this old may be pruned already: such a page is read again.
    if (kept && performance.now() - kept.checkedAt <= CHANGES_KEPT_MS / 2) {
      this.counts.checks++;
      const check = await playerPageTouchedSince(this.db, kept.snapshot, kept.extent);
      if (!check.touched) {
        kept.snapshot = check.snapshot;
        kept.checkedAt = performance.now();
        this.counts.kept++;
        this.pages.remember(key, kept);
        return { kept };
      }
      // Taken before the page is read again, as below.
      snapshot = check.snapshot;
    } else {
      // The snapshot first, the page after: a change committing between them is a change since the snapshot.
      snapshot = await databaseSnapshot(this.db);
    }
    this.counts.read++;
    const { rows, nextCursor, extent } = await readPublicUserPage(this.db, filter, undefined, this.names);
    if (snapshot === undefined) return { answer: { body: rows, nextCursor } };
    const fresh = { snapshot, checkedAt: performance.now(), extent, body: new SerializedJson(rows), nextCursor };
    this.pages.remember(key, fresh);
    return { kept: fresh };
  }
}
