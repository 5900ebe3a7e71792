/**
 * Deep ranks without counting the whole board. A rank is the number of listed players ahead plus
 * one; counting them costs one index entry each, fine near the top and far too slow for the last of
 * 100,000 players. So a rank is counted exactly up to EXACT_RANKS, and beyond that it starts from a
 * sample of the board's order (every SAMPLE_EVERY-th entry, with its place): the last sample ahead of
 * the player gives the places up to it, and the players between that sample and the player are
 * counted live (one short index range, about SAMPLE_EVERY entries). A board's sample is kept per
 * process; older than SAMPLE_MAX_AGE_MS it is taken again in the background while the old one still
 * answers (a request waits only for the first, or for one older than SAMPLE_STALE_LIMIT_MS). A
 * player the sample already places far past the exact ranks (2 x EXACT_RANKS) is not counted exactly.
 * A sample is read SAMPLE_CHUNK entries of the board at a time, each read from where the last one
 * ended: on an embedded database, which runs one statement at a time, no read of the whole board holds
 * up every other request (the chunks are read at slightly different moments: like a sample's age,
 * that only misplaces players who crossed a sampled place, and the live count sets that right). And
 * the boards' samples are read one after another, never side by side: the samples of every board,
 * taken together at the start, come of age together, and read at once they would put one chunk of
 * each board ahead of every statement a request sends meanwhile.
 */
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { asUserId, type UserId } from '@pog/common/schemas/ids';

/** Ranks up to this are always counted exactly (the pages reachable by paging end well before it). */
export const EXACT_RANKS = 2_000;
/** One entry of the board's order in this many is kept in a sample. */
export const SAMPLE_EVERY = 100;
/**
 * A sample older than this is taken again, in the background (it reads the whole board's index,
 * 100-450 ms of database time at 100,000 players on the loaded bench machine). Between samples a
 * rank is still live but for players crossing a sampled place ahead of the viewer.
 */
export const SAMPLE_MAX_AGE_MS = 30_000;
/** A sample older than this is not used: the request waits for a new one. */
export const SAMPLE_STALE_LIMIT_MS = 120_000;
/**
 * Entries of the board's order a sample reads in one statement (a multiple of SAMPLE_EVERY): short
 * enough that a request waiting behind one (embedded) waits a few milliseconds.
 */
export const SAMPLE_CHUNK = 5 * SAMPLE_EVERY;

/** Entry i of a sample is the board's entry at place i x SAMPLE_EVERY (0-based), in the board's order. */
export interface Sample {
  /** Figure descending, then player id ascending. */
  figures: Float64Array;
  userIds: Int32Array;
}

/** The statements a board's ranks are found with (see queries.ts). */
export interface RankStatements {
  /** The number of players ahead of the viewer, counted up to `limit` (one row, column n). */
  countAhead(limit: number): SQL;
  /** The number of players after (figure, userId) and ahead of the viewer (one row, column n). */
  countBetween(figure: number, userId: UserId): SQL;
  /**
   * The next SAMPLE_CHUNK entries of the board's order after (figure, userId), or from the first:
   * rows of figure, user_id, place (0-based in the chunk) and n (the chunk's size), for every
   * SAMPLE_EVERY-th place and the chunk's last, in order.
   */
  sample(after?: { figure: number; userId: UserId }): SQL;
}

/** How many entries of a sample come before (figure, userId) in the board's order. */
export function placesAhead(sample: Pick<Sample, 'figures' | 'userIds'>, figure: number, userId: UserId): number {
  let low = 0;
  let high = sample.figures.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const f = sample.figures[mid]!;
    const ahead = f > figure || (f === figure && sample.userIds[mid]! < userId);
    if (ahead) low = mid + 1;
    else high = mid;
  }
  return low;
}

const count = async (db: Db, statement: SQL) => ((await db.execute(statement)) as unknown as { rows: Array<{ n: number | string }> }).rows[0]!.n;

interface Kept {
  takenAt: number;
  sample: Sample;
}

export class RankSnapshots {
  /** Per board and period: the latest sample taken. */
  private readonly kept = new Map<string, Kept>();
  /** Per board and period: the sample being taken (shared by the requests that wait for it). */
  private readonly taking = new Map<string, Promise<Kept>>();
  /** The end of the last sample read queued: each board's waits for the one before. */
  private reads: Promise<unknown> = Promise.resolve();

  constructor(private readonly clock: () => number = Date.now) {}

  /** The viewer's rank on the board kept under `key`, whose figure is `figure`. */
  async rank(db: Db, key: string, statements: RankStatements, figure: number, userId: UserId): Promise<number> {
    const usable = this.usable(db, key, statements);
    // Far below the exact ranks in a sample already taken: no need to count to find that out.
    if (usable && placesAhead(usable.sample, figure, userId) * SAMPLE_EVERY >= 2 * EXACT_RANKS) {
      return this.deepRank(db, usable.sample, statements, figure, userId);
    }
    const exact = Number(await count(db, statements.countAhead(EXACT_RANKS)));
    if (exact < EXACT_RANKS) return exact + 1;
    const sample = (usable ?? (await this.take(db, key, statements))).sample;
    // Never shown above the players counted exactly (a sample taken before the board changed).
    return Math.max(EXACT_RANKS + 1, await this.deepRank(db, sample, statements, figure, userId));
  }

  /** The last sample entry ahead of the viewer, its place, and the players counted live between it and them. */
  private async deepRank(db: Db, sample: Sample, statements: RankStatements, figure: number, userId: UserId): Promise<number> {
    const samplesAhead = placesAhead(sample, figure, userId);
    // Ahead of every sample entry, yet past the exact ranks: a sample from before the board changed
    // (the caller shows EXACT_RANKS + 1 until the next sample).
    if (samplesAhead === 0) return 1;
    const last = samplesAhead - 1;
    const between = Number(await count(db, statements.countBetween(sample.figures[last]!, asUserId(sample.userIds[last]!))));
    // Ahead: the entries before the sample entry, the entry itself, and those between.
    return last * SAMPLE_EVERY + 1 + between + 1;
  }

  /** The kept sample if it is young enough to answer; an old one is taken again in the background. */
  private usable(db: Db, key: string, statements: RankStatements): Kept | undefined {
    const kept = this.kept.get(key);
    if (!kept) return undefined;
    const age = this.clock() - kept.takenAt;
    if (age > SAMPLE_MAX_AGE_MS) this.take(db, key, statements).catch(() => undefined);
    return age <= SAMPLE_STALE_LIMIT_MS ? kept : undefined;
  }

  /** Takes the board's sample, once at a time per board (later callers share the one being taken), after those queued before it. */
  private take(db: Db, key: string, statements: RankStatements): Promise<Kept> {
    const taking = this.taking.get(key);
    if (taking) return taking;
    const read = this.reads.then(async (): Promise<Kept> => ({ takenAt: this.clock(), sample: await readSample(db, statements) }));
    this.reads = read.catch(() => undefined);
    const promise = (async () => {
      try {
        const kept = await read;
        this.kept.set(key, kept);
        return kept;
      } finally {
        this.taking.delete(key);
      }
    })();
    this.taking.set(key, promise);
    return promise;
  }
}

/** Every SAMPLE_EVERY-th entry of the board's order, read SAMPLE_CHUNK entries at a time. */
export async function readSample(db: Db, statements: RankStatements): Promise<Sample> {
  const figures: number[] = [];
  const userIds: number[] = [];
  let after: { figure: number; userId: UserId } | undefined;
  for (;;) {
    const { rows } = (await db.execute(statements.sample(after))) as unknown as { rows: Array<{ figure: number | string; user_id: number; place: number | string; n: number | string }> };
    for (const row of rows) {
      if (Number(row.place) % SAMPLE_EVERY !== 0) continue;
      figures.push(Number(row.figure));
      userIds.push(row.user_id);
    }
    const last = rows.at(-1);
    if (!last || Number(last.n) < SAMPLE_CHUNK) break;
    after = { figure: Number(last.figure), userId: asUserId(last.user_id) };
  }
  return { figures: Float64Array.from(figures), userIds: Int32Array.from(userIds) };
}
