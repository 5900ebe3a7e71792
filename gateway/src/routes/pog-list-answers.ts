/**
 * Explore's pages (`GET /api/pogs` without search) kept with the database snapshot taken before they
 * were read (db/snapshot.ts), and answered again while no change committed since touches them: one
 * small query (the list's changes since that snapshot, pogs/list-changes.ts) instead of the page's.
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
import { CHANGES_KEPT_MS, listChangesSince, listPogs, pageExtent, pruneListChanges, SEARCH_LIMITS, toPog, touchesPage, type PageExtent, type PogWithNames } from '@pog/domain/pogs';
import type { Pog, PogListQuery } from '@pog/common';
import { SerializedJson } from '../http/serialized-json';

/** Pages kept at most (the least recently answered goes first); a page is some tens of KiB. */
export const KEPT_PAGES = 64;
/**
 * A page is kept from the second time it is asked for while among the last this many pages asked
 * for and not kept. A page asked for once (players browsing many pages) is read as before, with no
 * snapshot query, and is not kept only to be dropped again: kept pages that reach the old
 * generation cost the garbage collector more than reading them did.
 */
export const ASKED_PAGES = 2 * KEPT_PAGES;

type PogListPage = Awaited<ReturnType<typeof listPogs>>;

/** How often old change rows are pruned (by each process keeping pages). */
const PRUNE_EVERY_MS = 60_000;

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

export interface PogListAnswer {
  body: Pog[] | SerializedJson<Pog[]>;
  nextCursor: string | undefined;
}

const onCooldownAt = (at: number) => (found: PogWithNames) => found.pog.cooldownUntil !== null && new Date(found.pog.cooldownUntil).getTime() > at;

const rendered = (page: PogListPage, now: Date): PogListAnswer => ({ body: page.rows.map((found) => toPog(found, now)), nextCursor: page.nextCursor });

export class PogListAnswers {
  private readonly kept = new Map<string, Kept>();
  /** Pages asked for and not kept, the least recently asked first. */
  private readonly asked = new Set<string>();
  private prunedAt = performance.now();

  constructor(
    private readonly db: Db,
    private readonly maxPages = KEPT_PAGES,
    private readonly maxAsked = ASKED_PAGES,
  ) {}

  /**
   * A page with the viewer's own POGs hidden by reports in its range (`ownHiddenPogs`) in their
   * place: theirs alone, read afresh and not kept.
   */
  async answerWithOwn(query: PogListQuery, own: PogWithNames[], now: Date): Promise<PogListAnswer> {
    return rendered(await listPogs(this.db, query, SEARCH_LIMITS, own), now);
  }

  async answer(query: PogListQuery, now: Date): Promise<PogListAnswer> {
    const key = query.search ? undefined : [query.sort, query.limit, query.rarity ?? '', query.creator ?? '', query.cursor ?? ''].join('\n');
    const kept = key === undefined ? undefined : this.usable(key, now);
    if (key === undefined || (!kept && !this.askedBefore(key))) return rendered(await listPogs(this.db, query), now);
    let snapshot: string | undefined;
    if (kept) {
      const since = await listChangesSince(this.db, kept.snapshot);
      const extent = kept.extent;
      if (since.changes !== 'many' && !since.changes.some((change) => touchesPage(extent, change))) {
        kept.snapshot = since.snapshot;
        kept.checkedAt = performance.now();
        return this.answerKept(key, kept, query, now);
      }
      // Taken before the page is read again, as below.
      snapshot = since.snapshot;
    } else {
      // The snapshot first, the page after: a change committing between them is a change since the snapshot.
      snapshot = await databaseSnapshot(this.db);
    }
    this.pruneNowAndThen();
    const page = await listPogs(this.db, query);
    return snapshot === undefined ? rendered(page, now) : this.keep(key, snapshot, query, page, now);
  }

  /** The page kept under `key`, if it may still be answered after a check. */
  private usable(key: string, now: Date): Kept | undefined {
    const kept = this.kept.get(key);
    // A clock set back (tests) could put a POG back on cooldown: kept bytes are not used then.
    if (!kept || (kept.serialized && now.getTime() < kept.renderedAt)) return undefined;
    // Change rows this old may be pruned already: such a page is read again.
    return performance.now() - kept.checkedAt > CHANGES_KEPT_MS / 2 ? undefined : kept;
  }

  private answerKept(key: string, kept: Kept, query: PogListQuery, now: Date): PogListAnswer {
    if (!kept.serialized) return this.keep(key, kept.snapshot, query, { rows: kept.rows, nextCursor: kept.nextCursor, following: kept.following }, now);
    this.remember(key, kept);
    return { body: kept.serialized, nextCursor: kept.nextCursor };
  }

  /** The page rendered at `now`, kept serialised when none of its POGs is on cooldown, else as rows. */
  private keep(key: string, snapshot: string, query: PogListQuery, page: PogListPage, now: Date): PogListAnswer {
    const answer = rendered(page, now);
    const at = now.getTime();
    const serialized = page.rows.some(onCooldownAt(at)) ? undefined : new SerializedJson(answer.body as Pog[]);
    const extent = pageExtent(query, page);
    this.remember(key, { snapshot, checkedAt: performance.now(), extent, nextCursor: page.nextCursor, following: page.following, serialized, rows: serialized ? [] : page.rows, renderedAt: at });
    return { body: serialized ?? answer.body, nextCursor: page.nextCursor };
  }

  /** Old change rows go once a minute or so (a failure is only tried again later). */
  private pruneNowAndThen(): void {
    if (performance.now() - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = performance.now();
    pruneListChanges(this.db).catch(() => undefined);
  }

  /** Whether `key` was asked for lately (it is then forgotten: kept, it is in `kept`); else noted. */
  private askedBefore(key: string): boolean {
    if (this.asked.delete(key)) return true;
    this.asked.add(key);
    if (this.asked.size > this.maxAsked) this.asked.delete(this.asked.values().next().value!);
    return false;
  }

  /** Kept as the most recently answered (the least recently answered goes first). */
  private remember(key: string, kept: Kept): void {
    this.kept.delete(key);
    this.kept.set(key, kept);
    if (this.kept.size > this.maxPages) this.kept.delete(this.kept.keys().next().value!);
  }
}
