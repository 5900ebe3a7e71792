/**
 * Explore's pages (`GET /api/pogs`, searched or not) kept with the database snapshot taken before
 * they were read (db/snapshot.ts), and answered again while no change committed since touches them:
 * one small query (the list's changes since that snapshot, pogs/list-changes.ts) instead of the
 * page's. A searched page counts any listed POG changed in its range as touching it (whether the POG
 * matches the term is not asked), so it errs towards reading again; players typing the same first
 * letters share the pages of those terms.
 * The changes are written by the database's own triggers, so a write committed by any process
 * (another gateway, a worker) shows on the next request; a write that changes no POG and no name (a
 * trade offer, a notification) leaves every page kept. A page is the same for every viewer (`toPog`:
 * no private field), so one kept answer serves them all; only an owner of a POG hidden by reports
 * gets pages of their own, with it in its place.
 *
 * Time changes a page too: a POG on trade cooldown shows the hours left. A page with none on cooldown
 * is kept serialised (and compressed, http/compress-json.ts); one with a cooldown is kept as rows and
 * rendered again at each answer with the clock's time.
 */
import { databaseSnapshot, type Db } from '@pog/domain/db';
import { CHANGES_KEPT_MS, listChangesSince, listPogs, pageExtent, SEARCH_LIMITS, toPog, touchesPage, type PageExtent, type PogWithNames } from '@pog/domain/pogs';
import type { Pog, PogListQuery } from '@pog/common';
import { SerializedJson } from '../http/serialized-json';
import { type KeptPageCounts, KeptPages } from './kept-pages';

/** Pages kept at most (the least recently answered goes first); a page is some tens of KiB. */
export const KEPT_PAGES = 256;
/**
 * A page is kept from the second time it is asked for while among the last this many pages asked
 * for and not kept. A page asked for once (players browsing many pages) is read as before, with no
 * snapshot query, and is not kept only to be dropped again: kept pages that reach the old
 * generation cost the garbage collector more than reading them did.
 */
export const ASKED_PAGES = 2 * KEPT_PAGES;

type PogListPage = Awaited<ReturnType<typeof listPogs>>;

interface Kept {
  /** The snapshot the page is true at: taken before it was read, moved on by each check that found nothing touching it. */
  snapshot: string;
  /** When it was last checked (performance.now()): a page not checked for half the changes' retention is read again. */
  checkedAt: number;
  extent: PageExtent;
  nextCursor: string | undefined;
  /** The page serialised, when no POG on it was on cooldown at `renderedAt` (so none is later)... */
  serialized: SerializedJson<Pog[]> | undefined;
  /** ...else its rows, rendered at each answer. */
  rows: PogWithNames[];
  following: PogListPage['following'];
  renderedAt: number;
}

/** A refreshed page: kept, or (on a handle that cannot take snapshots) only read. */
type Refreshed = { kept: Kept } | { page: PogListPage };

export interface PogListAnswer {
  body: Pog[] | SerializedJson<Pog[]>;
  nextCursor: string | undefined;
}

const onCooldownAt = (at: number) => (found: PogWithNames) => found.pog.cooldownUntil !== null && new Date(found.pog.cooldownUntil).getTime() > at;

const rendered = (page: PogListPage, now: Date): PogListAnswer => ({ body: page.rows.map((found) => toPog(found, now)), nextCursor: page.nextCursor });


export class PogListAnswers {
  readonly counts: KeptPageCounts = { kept: 0, read: 0, unkept: 0, checks: 0 };
  private readonly pages: KeptPages<Kept, Refreshed>;

  constructor(
    private readonly db: Db,
    maxPages = KEPT_PAGES,
    maxAsked = ASKED_PAGES,
  ) {
    this.pages = new KeptPages(maxPages, maxAsked);
  }

  /**
   * A page with the viewer's own POGs hidden by reports in its range (`ownHiddenPogs`) in their
   * place: theirs alone, read afresh and not kept.
   */
  async answerWithOwn(query: PogListQuery, own: PogWithNames[], now: Date): Promise<PogListAnswer> {
    this.counts.unkept++;
    return rendered(await listPogs(this.db, query, SEARCH_LIMITS, own), now);
  }

  async answer(query: PogListQuery, now: Date): Promise<PogListAnswer> {
    const key = [query.sort, query.limit, query.rarity ?? '', query.creator ?? '', query.cursor ?? '', query.search ?? ''].join('\n');
    if (!this.pages.keptOrAskedBefore(key)) {
      this.counts.unkept++;
      return rendered(await listPogs(this.db, query), now);
    }
    const fresh = await this.pages.refreshed(key, () => this.refresh(key, query, now));
    return 'page' in fresh ? rendered(fresh.page, now) : this.answerKept(key, fresh.kept, query, now);
  }

  /** The kept page checked against the changes since its snapshot, read again if one touches it. */
  private async refresh(key: string, query: PogListQuery, now: Date): Promise<Refreshed> {
    const kept = this.usable(key, now);
    let snapshot: string | undefined;
    if (kept) {
      this.counts.checks++;
      const since = await listChangesSince(this.db, kept.snapshot);
      const extent = kept.extent;
      if (since.changes !== 'many' && !since.changes.some((change) => touchesPage(extent, change))) {
        kept.snapshot = since.snapshot;
        kept.checkedAt = performance.now();
        this.counts.kept++;
        return { kept };
      }
      // Taken before the page is read again, as below.
      snapshot = since.snapshot;
    } else {
      // The snapshot first, the page after: a change committing between them is a change since the snapshot.
      snapshot = await databaseSnapshot(this.db);
    }
    this.counts.read++;
    const page = await listPogs(this.db, query);
    return snapshot === undefined ? { page } : { kept: this.keep(key, snapshot, query, page, now) };
  }

  /** The page kept under `key`, if it may still be answered after a check. */
  private usable(key: string, now: Date): Kept | undefined {
    const kept = this.pages.get(key);
    // A clock set back (tests) could put a POG back on cooldown: kept bytes are not used then.
    if (!kept || (kept.serialized && now.getTime() < kept.renderedAt)) return undefined;
    // Change rows this old may be pruned already: such a page is read again.
    return performance.now() - kept.checkedAt > CHANGES_KEPT_MS / 2 ? undefined : kept;
  }

  /** The kept bytes, or the kept rows rendered at `now` (kept as bytes from now on once none is on cooldown). */
  private async answerKept(key: string, kept: Kept, query: PogListQuery, now: Date): Promise<PogListAnswer> {
    if (kept.serialized) {
      // A clock set back (tests) could put a POG back on cooldown: the page is read for that time.
      if (now.getTime() < kept.renderedAt) return rendered(await listPogs(this.db, query), now);
      this.pages.remember(key, kept);
      return { body: kept.serialized, nextCursor: kept.nextCursor };
    }
    const page = { rows: kept.rows, nextCursor: kept.nextCursor, following: kept.following };
    if (page.rows.some(onCooldownAt(now.getTime()))) return rendered(page, now);
    return { body: this.keep(key, kept.snapshot, query, page, now).serialized!, nextCursor: kept.nextCursor };
  }

  /** The page kept, serialised when none of its POGs is on cooldown at `now`, else as rows. */
  private keep(key: string, snapshot: string, query: PogListQuery, page: PogListPage, now: Date): Kept {
    const at = now.getTime();
    const serialized = page.rows.some(onCooldownAt(at)) ? undefined : new SerializedJson(rendered(page, now).body as Pog[]);
    const kept = { snapshot, checkedAt: performance.now(), extent: pageExtent(query, page), nextCursor: page.nextCursor, following: page.following, serialized, rows: serialized ? [] : page.rows, renderedAt: at };
    this.pages.remember(key, kept);
    return kept;
  }
}
