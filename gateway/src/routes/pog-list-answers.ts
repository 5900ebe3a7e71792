/**
 * Explore's pages (`GET /api/pogs` without search) kept with the database snapshot taken before they
 * were read (db/snapshot.ts), and answered again while the snapshot has not moved: one small query
 * instead of the page's. The snapshot is the database's own, so a write committed by any process
 * (another gateway, a worker) shows on the next request. A page is the same for every viewer
 * (`toPog`: no private field), so one kept answer serves them all; only an owner of a POG hidden by
 * reports gets pages of their own, with it in its place.
 *
 * Time changes a page too: a POG on trade cooldown shows the hours left. A page with none on cooldown
 * is kept serialised (and compressed, http/compress-json.ts); one with a cooldown is kept as rows and
 * rendered again at each answer with the clock's time.
 */
import { databaseSnapshot, type Db } from '@pog/domain/db';
import { listPogs, SEARCH_LIMITS, toPog, type PogWithNames } from '@pog/domain/pogs';
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

interface Kept {
  snapshot: string;
  nextCursor: string | undefined;
  /** The page serialised, when no POG on it was on cooldown at `renderedAt` (so none is later)... */
  serialized: SerializedJson<Pog[]> | undefined;
  /** ...else its rows, rendered at each answer. */
  rows: PogWithNames[];
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
    let kept = key === undefined ? undefined : this.kept.get(key);
    // A clock set back (tests) could put a POG back on cooldown: kept bytes are not used then.
    if (kept?.serialized && now.getTime() < kept.renderedAt) kept = undefined;
    if (key === undefined || (!kept && !this.askedBefore(key))) return rendered(await listPogs(this.db, query), now);
    // The snapshot first, the page after: a transaction finishing between them moves the next snapshot.
    const snapshot = await databaseSnapshot(this.db);
    if (kept && snapshot === kept.snapshot) return this.answerKept(key, kept, now);
    const page = await listPogs(this.db, query);
    return snapshot === undefined ? rendered(page, now) : this.keep(key, snapshot, page, now);
  }

  private answerKept(key: string, kept: Kept, now: Date): PogListAnswer {
    if (!kept.serialized) return this.keep(key, kept.snapshot, { rows: kept.rows, nextCursor: kept.nextCursor }, now);
    this.remember(key, kept);
    return { body: kept.serialized, nextCursor: kept.nextCursor };
  }

  /** The page rendered at `now`, kept serialised when none of its POGs is on cooldown, else as rows. */
  private keep(key: string, snapshot: string, page: PogListPage, now: Date): PogListAnswer {
    const answer = rendered(page, now);
    const at = now.getTime();
    const serialized = page.rows.some(onCooldownAt(at)) ? undefined : new SerializedJson(answer.body as Pog[]);
    this.remember(key, { snapshot, nextCursor: page.nextCursor, serialized, rows: serialized ? [] : page.rows, renderedAt: at });
    return { body: serialized ?? answer.body, nextCursor: page.nextCursor };
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
