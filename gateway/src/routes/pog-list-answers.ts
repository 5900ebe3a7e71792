/**
 * Explore's pages (`GET /api/pogs` without search) kept with the database snapshot they were read in,
 * and answered again while the snapshot has not moved (list-page.ts: one statement that reads the page
 * only when the snapshot differs). The snapshot is the database's own, so a write committed by any
 * process (another gateway, a worker) shows on the next request. A page is the same for every viewer
 * (`toPog`: no private field), so one kept answer serves them all.
 *
 * Time changes a page too: a POG on trade cooldown shows the hours left. A page with none on cooldown
 * is kept serialised (and compressed, http/compress-json.ts); one with a cooldown is kept as rows and
 * rendered again at each answer with the clock's time.
 */
import { listPogsSince, toPog, type PogListPage, type PogListRead, type PogWithNames } from '@pog/common/server';
import type { Pog, PogListQuery } from '@pog/common';
import type { Db } from '@pog/common/server';
import { SerializedJson } from '../http/serialized-json';

/** Pages kept at most (the least recently answered goes first); a page is some tens of KiB. */
export const KEPT_PAGES = 64;

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

export class PogListAnswers {
  private readonly kept = new Map<string, Kept>();

  constructor(
    private readonly db: Db,
    private readonly maxPages = KEPT_PAGES,
  ) {}

  async answer(query: PogListQuery, now: Date): Promise<PogListAnswer> {
    const key = query.search ? undefined : [query.sort, query.limit, query.rarity ?? '', query.creator ?? '', query.cursor ?? ''].join('\n');
    let kept = key === undefined ? undefined : this.kept.get(key);
    // A clock set back (tests) could put a POG back on cooldown: kept bytes are not used then.
    if (kept?.serialized && now.getTime() < kept.renderedAt) kept = undefined;
    const read: PogListRead = await listPogsSince(this.db, query, kept?.snapshot);
    if (read.page) return this.answerRead(key, read.snapshot, read.page, now);
    // Unchanged since it was read (a snapshot equal to the kept one's: `kept` is there).
    return this.answerKept(key!, kept!, now);
  }

  private answerRead(key: string | undefined, snapshot: string | undefined, page: PogListPage, now: Date): PogListAnswer {
    const body = page.rows.map((found) => toPog(found, now));
    if (key === undefined || snapshot === undefined) return { body, nextCursor: page.nextCursor };
    const at = now.getTime();
    const serialized = page.rows.some(onCooldownAt(at)) ? undefined : new SerializedJson(body);
    this.keep(key, { snapshot, nextCursor: page.nextCursor, serialized, rows: serialized ? [] : page.rows, renderedAt: at });
    return { body: serialized ?? body, nextCursor: page.nextCursor };
  }

  private answerKept(key: string, kept: Kept, now: Date): PogListAnswer {
    if (!kept.serialized) return this.answerRead(key, kept.snapshot, { rows: kept.rows, nextCursor: kept.nextCursor }, now);
    this.keep(key, kept);
    return { body: kept.serialized, nextCursor: kept.nextCursor };
  }

  /** Kept as the most recently answered (the least recently answered goes first). */
  private keep(key: string, kept: Kept): void {
    this.kept.delete(key);
    this.kept.set(key, kept);
    if (this.kept.size > this.maxPages) this.kept.delete(this.kept.keys().next().value!);
  }
}
