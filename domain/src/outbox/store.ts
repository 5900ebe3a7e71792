/**
 * The outbox's SQL: sequencing committed events, reading them in order (gateways) or by stream
 * (a reconnecting client), claiming follow-up jobs for the queue, and pruning. The relay (./relay.ts)
 * decides when each runs.
 */
import { sql } from 'drizzle-orm';
import type { UserId } from '@pog/common/schemas/ids';
import type { Db, Tx } from '../db/client';
import { asOutboxJobId, type OutboxJobId } from '../jobs/definitions';
import { rawQuery, type RawStatement } from '../db/raw-query';
import type { LeaseTerm } from './sequencer-lease';

/** Channels the database notifies on: rows written (wake the sequencer), rows sequenced (wake the gateways). */
export const OUTBOX_WRITTEN_CHANNEL = 'pog_outbox';
export const OUTBOX_SEQUENCED_CHANNEL = 'pog_outbox_seq';

export interface SequencedEvent {
  id: number;
  seq: number;
  stream: string;
  position: number;
  name: string;
  payload: unknown;
  /** When the row was written (in its transaction, just before commit). */
  createdAt: Date;
}

export interface OutboxJob {
  id: OutboxJobId;
  name: string;
  payload: unknown;
  attempts: number | null;
}

/** What a unit of work records for the relay (./unit-of-work.ts). */
export interface EventRecord {
  stream: string;
  name: string;
  payload: unknown;
}

export interface JobRecord {
  name: string;
  payload: unknown;
  attempts: number | null;
  origin: string | null;
}

type Row = Record<string, unknown>;

/** node-postgres and PGlite both answer `execute` with `{ rows }`. */
async function query(db: Db | Tx, statement: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await db.execute(statement)) as unknown as { rows?: Row[] };
  return result.rows ?? [];
}

const toEvent = (row: Row): SequencedEvent => ({
  id: Number(row.id),
  seq: Number(row.seq),
  stream: String(row.stream),
  position: Number(row.position),
  name: String(row.name),
  payload: row.payload,
  createdAt: new Date(row.created_at as string | Date),
});

/**
 * Writes a unit of work's last changes in one statement, just before it commits: the players' POG
 * counts (ascending player id, so that two commands lock the same players in the same order; zero
 * deltas lock nothing), then its events and jobs, in the order they were recorded (their ids follow
 * that order). Nothing written here locks a row another command waits for, so the counts stay the
 * last locks the command takes.
 */
export async function writeOutbox(tx: Tx, records: { pogsHeld: ReadonlyMap<UserId, number>; events: EventRecord[]; jobs: JobRecord[] }): Promise<void> {
  const counts = [...records.pogsHeld].filter(([, delta]) => delta !== 0).sort(([a], [b]) => a - b);
  const values: string[] = [];
  if (counts.length > 0) values.push(JSON.stringify(counts.map(([user_id, delta]) => ({ user_id, delta }))));
  if (records.events.length > 0) values.push(JSON.stringify(records.events));
  if (records.jobs.length > 0) values.push(JSON.stringify(records.jobs));
  if (values.length === 0) return;
  await rawQuery(tx, outboxWrite(counts.length > 0, records.events.length > 0, records.jobs.length > 0), values);
}

/**
 * The statement for what a unit of work has to write (one of seven, each a prepared statement of its
 * own, db/raw-query.ts: every command runs one): its parts take $1, $2, $3 in this order.
 */
function outboxWrite(counts: boolean, events: boolean, jobs: boolean): RawStatement {
  const name = `outbox_write_${Number(counts)}${Number(events)}${Number(jobs)}`;
  let statement = outboxWrites.get(name);
  if (statement) return statement;
  const parts: string[] = [];
  const param = () => `$${parts.length + 1}::jsonb`;
  if (counts) {
    parts.push(`counts AS (
      INSERT INTO player_counts (user_id, pogs_held)
      SELECT d.user_id, d.delta FROM jsonb_to_recordset(${param()}) AS d(user_id integer, delta integer)
      ORDER BY d.user_id
      ON CONFLICT (user_id) DO UPDATE SET pogs_held = player_counts.pogs_held + excluded.pogs_held)`);
  }
  if (events) {
    parts.push(`events AS (
      INSERT INTO outbox_events (stream, name, payload)
      SELECT r->>'stream', r->>'name', r->'payload' FROM jsonb_array_elements(${param()}) WITH ORDINALITY AS t(r, n) ORDER BY t.n)`);
  }
  if (jobs) {
    parts.push(`jobs AS (
      INSERT INTO outbox_jobs (name, payload, attempts, origin)
      SELECT r->>'name', r->'payload', (r->>'attempts')::integer, r->>'origin' FROM jsonb_array_elements(${param()}) WITH ORDINALITY AS t(r, n) ORDER BY t.n)`);
  }
  statement = { name, text: `WITH ${parts.join(', ')} SELECT 1` };
  outboxWrites.set(name, statement);
  return statement;
}
const outboxWrites = new Map<string, RawStatement>();

/**
 * One sequencing pass (outbox_sequence, migrations/0014): the committed, unsequenced events (oldest
 * first, at most `limit`) get their global seq and their position in their stream, and the gateways
 * are notified, in one round trip. Sequencers are serialised by the state row's lock, so a seq or a
 * position is never given twice, and an event that committed late (after rows with higher ids were
 * sequenced) is simply sequenced by the next pass: nothing is skipped. With `rows`, the sequenced
 * events come back in seq order (a gateway delivers them without reading them again). With `lease`,
 * the pass is fenced (outbox_sequence_leased, migrations/0017): it fails with LEASE_NOT_HELD, and
 * sequences nothing, unless that term holds the sequencer's lease.
 */
export async function sequenceEvents(
  db: Db | Tx,
  limit: number,
  options: { rows?: boolean; lease?: LeaseTerm } = {},
): Promise<{ sequenced: number; events?: SequencedEvent[] }> {
  const { lease } = options;
  const values = lease ? [limit, lease.holder, lease.epoch] : [limit];
  if (options.rows) {
    const events = (await rawQuery<Row>(db, lease ? SEQUENCE_ROWS_LEASED : SEQUENCE_ROWS, values)).map(toEvent);
    await announceSequenced(db, events.at(-1)?.seq);
    return { sequenced: events.length, events };
  }
  const [row] = await rawQuery<Row>(db, lease ? SEQUENCE_COUNT_LEASED : SEQUENCE_COUNT, values);
  await announceSequenced(db, row?.last === null || row?.last === undefined ? undefined : Number(row.last));
  return { sequenced: Number(row?.n ?? 0) };
}

/**
 * Tells the gateways that events up to `lastSeq` are sequenced, once the pass has committed: from
 * inside it, the notification's commit lock would be held through the pass's WAL flush
 * (migrations/0029). Alone, it commits without waiting for a flush.
 */
async function announceSequenced(db: Db | Tx, lastSeq: number | undefined): Promise<void> {
  if (lastSeq !== undefined) await rawQuery(db, ANNOUNCE_SEQUENCED, [String(lastSeq)]);
}

/**
 * The relay's statements that run on every commit, prepared (db/raw-query.ts): built by Drizzle they
 * were parsed and planned anew each time, for as long as they ran.
 */
const SEQUENCED_COLUMNS = 'id, seq, stream, position, name, payload, created_at';
const SEQUENCE_ROWS: RawStatement = { name: 'outbox_sequence_rows', text: `SELECT ${SEQUENCED_COLUMNS} FROM outbox_sequence($1::integer) ORDER BY seq` };
const SEQUENCE_COUNT: RawStatement = { name: 'outbox_sequence_count', text: 'SELECT count(*) AS n, max(seq) AS last FROM outbox_sequence($1::integer)' };
const LEASED = 'outbox_sequence_leased($1::integer, $2::text, $3::bigint)';
const SEQUENCE_ROWS_LEASED: RawStatement = { name: 'outbox_sequence_leased_rows', text: `SELECT ${SEQUENCED_COLUMNS} FROM ${LEASED} ORDER BY seq` };
const SEQUENCE_COUNT_LEASED: RawStatement = { name: 'outbox_sequence_leased_count', text: `SELECT count(*) AS n, max(seq) AS last FROM ${LEASED}` };
const ANNOUNCE_SEQUENCED: RawStatement = { name: 'outbox_announce_sequenced', text: `SELECT pg_notify('${OUTBOX_SEQUENCED_CHANNEL}', $1::text)` };
const READ_SEQUENCED: RawStatement = {
  name: 'outbox_read_sequenced',
  text: `SELECT ${SEQUENCED_COLUMNS} FROM outbox_events WHERE seq > $1::bigint ORDER BY seq LIMIT $2::integer`,
};
/** $1: this relay's origin, $2: how many at most, $3: others' rows written before this are orphans. */
const CLAIM_JOBS: RawStatement = {
  name: 'outbox_claim_jobs',
  text: `UPDATE outbox_jobs SET delivered_at = clock_timestamp()
    WHERE id IN (
      SELECT id FROM outbox_jobs
      WHERE done_at IS NULL AND delivered_at IS NULL
        AND (origin = $1::text OR origin IS NULL OR created_at < $3::timestamptz)
      ORDER BY id LIMIT $2::integer FOR UPDATE SKIP LOCKED)
    RETURNING id, name, payload, attempts`,
};
const MARK_JOBS_DONE: RawStatement = { name: 'outbox_mark_jobs_done', text: 'UPDATE outbox_jobs SET done_at = clock_timestamp() WHERE id = ANY($1::bigint[]) AND done_at IS NULL' };

/** The last seq given: a gateway starting now delivers what comes after it. */
export async function lastSequence(db: Db): Promise<number> {
  const [row] = await query(db, sql`SELECT last_seq FROM outbox_state WHERE id = 1`);
  return Number(row?.last_seq ?? 0);
}

/** Sequenced events after `afterSeq`, in seq order. */
export async function readSequenced(db: Db, afterSeq: number, limit: number): Promise<SequencedEvent[]> {
  return (await rawQuery<Row>(db, READ_SEQUENCED, [afterSeq, limit])).map(toEvent);
}

export type StreamReplay =
  /** `events`: all of them up to `head`, or the first page of them when a page was asked for. */
  | { kind: 'events'; events: SequencedEvent[]; head: number }
  /** What was missed can no longer be replayed (pruned, too much, or a position this stream never had). */
  | { kind: 'reset'; head: number };

/** The stream's last position (0 for a stream with no events yet). */
export async function streamHead(db: Db, stream: string): Promise<number> {
  const [row] = await query(db, sql`SELECT position FROM outbox_streams WHERE stream = ${stream}`);
  return Number(row?.position ?? 0);
}

/** The events of one stream with `after` < position <= `upTo`, in order; undefined when any of them is no longer kept. */
export async function streamEvents(db: Db, stream: string, after: number, upTo: number): Promise<SequencedEvent[] | undefined> {
  const rows = await query(
    db,
    sql`SELECT id, seq, stream, position, name, payload, created_at FROM outbox_events
        WHERE stream = ${stream} AND position > ${after} AND position <= ${upTo} ORDER BY position`,
  );
  const events = rows.map(toEvent);
  return events.length === upTo - after ? events : undefined;
}

export interface ReplayOptions {
  /** Asked how many events the replay holds, before any is read: refused, the answer is a reset. */
  admit?: (count: number) => boolean | Promise<boolean>;
  /** Reads this many at most (the first page); the caller reads the rest, up to `head`, with streamEvents. */
  page?: number;
}

/** The events of one stream after a position, when all of them are still kept (at most `limit`). */
export async function replayStream(db: Db, stream: string, afterPosition: number, limit: number, options: ReplayOptions = {}): Promise<StreamReplay> {
  const { admit = () => true, page = limit } = options;
  // The head first: the events read next are at least those it counts (one sequencer transaction
  // writes both), so a replay never stops short of the head it reports.
  const head = await streamHead(db, stream);
  if (afterPosition > head) return { kind: 'reset', head };
  if (afterPosition === head) return { kind: 'events', events: [], head };
  if (head - afterPosition > limit || !(await admit(head - afterPosition))) return { kind: 'reset', head };
  const events = await streamEvents(db, stream, afterPosition, Math.min(head, afterPosition + page));
  // Pruned rows leave a hole at the start: the client must refetch instead.
  return events ? { kind: 'events', events, head } : { kind: 'reset', head };
}

const jobColumns = sql`id, name, payload, attempts`;
const toJob = (row: Row): OutboxJob => ({ id: asOutboxJobId(Number(row.id)), name: String(row.name), payload: row.payload, attempts: row.attempts === null ? null : Number(row.attempts) });

/**
 * Claims undelivered jobs for this relay: its own rows (and untagged ones) at once, others' only when
 * they have waited since `orphanedBefore` (their process may be gone). Claimed rows count as delivered;
 * `releaseJobs` gives them back when the queue refused them.
 */
export async function claimJobs(db: Db, origin: string, limit: number, orphanedBefore: Date): Promise<OutboxJob[]> {
  const rows = await rawQuery<Row>(db, CLAIM_JOBS, [origin, limit, orphanedBefore.toISOString()]);
  return rows.map(toJob).sort((a, b) => a.id - b.id);
}

/** Claims jobs delivered before `deliveredBefore` that no processor has finished: the queue may have lost them. */
export async function claimUnfinishedJobs(db: Db, limit: number, deliveredBefore: Date): Promise<OutboxJob[]> {
  const rows = await query(
    db,
    sql`UPDATE outbox_jobs SET delivered_at = clock_timestamp()
        WHERE id IN (
          SELECT id FROM outbox_jobs
          WHERE done_at IS NULL AND delivered_at < ${deliveredBefore.toISOString()}::timestamptz
          ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING ${jobColumns}`,
  );
  return rows.map(toJob).sort((a, b) => a.id - b.id);
}

/** Gives claimed jobs back (the queue could not take them): the next pass tries again. */
export async function releaseJobs(db: Db, ids: OutboxJobId[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`UPDATE outbox_jobs SET delivered_at = NULL WHERE id IN (SELECT (value)::bigint FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)) AND done_at IS NULL`);
}

interface DoneMarks {
  waiting: Array<{ id: OutboxJobId; settle: (error?: unknown) => void }>;
  running: boolean;
}
const doneMarksByDb = new WeakMap<object, DoneMarks>();

/**
 * A processor finished the job (or it failed for good): it is not handed over again. Resolves once
 * the row is marked. Marks asked for while a statement runs share the next one (group commit).
 */
export function markJobDone(db: Db, id: OutboxJobId): Promise<void> {
  let marks = doneMarksByDb.get(db);
  if (!marks) doneMarksByDb.set(db, (marks = { waiting: [], running: false }));
  const done = new Promise<void>((resolve, reject) => marks.waiting.push({ id, settle: (error) => (error === undefined ? resolve() : reject(error)) }));
  if (!marks.running) void markWaiting(db, marks);
  return done;
}

async function markWaiting(db: Db, marks: DoneMarks): Promise<void> {
  marks.running = true;
  while (marks.waiting.length > 0) {
    const batch = marks.waiting.splice(0);
    let failure: unknown;
    try {
      await rawQuery(db, MARK_JOBS_DONE, [batch.map((mark) => mark.id)]);
    } catch (error) {
      failure = error ?? new Error('marking outbox jobs done failed');
    }
    for (const mark of batch) mark.settle(failure);
  }
  marks.running = false;
}

/** Jobs written but not finished yet (for health and metrics). */
export async function openJobCount(db: Db): Promise<number> {
  const [row] = await query(db, sql`SELECT count(*) AS n FROM outbox_jobs WHERE done_at IS NULL`);
  return Number(row?.n ?? 0);
}

/** Committed events no sequencer has taken yet, and the sequencer lease's epoch (for metrics). */
export interface SequencingBacklog {
  /** How many committed events wait for their seq. */
  unsequenced: number;
  /** How long the oldest of them has waited since it was written, by the database's clock (0 when none). */
  oldestSeconds: number;
  /** The sequencer lease's epoch: one more at each taking (0 on an embedded database, which has no lease). */
  epoch: number;
}

export async function sequencingBacklog(db: Db): Promise<SequencingBacklog> {
  const [row] = await query(
    db,
    sql`SELECT count(*) AS unsequenced,
          coalesce(extract(epoch FROM clock_timestamp() - min(created_at)), 0) AS oldest,
          (SELECT epoch FROM outbox_sequencer WHERE id = 1) AS epoch
        FROM outbox_events WHERE seq IS NULL`,
  );
  return { unsequenced: Number(row?.unsequenced ?? 0), oldestSeconds: Math.max(0, Number(row?.oldest ?? 0)), epoch: Number(row?.epoch ?? 0) };
}

const PRUNE_BATCH = 5000;

/**
 * Deletes sequenced events and finished jobs written before `before`, oldest first, in batches.
 * Stream heads stay, so positions never repeat; a client asking to resume before the oldest kept
 * event is told to refetch instead.
 */
export async function pruneOutbox(db: Db, before: Date): Promise<{ events: number; jobs: number }> {
  const cutoff = before.toISOString();
  let events = 0;
  let jobs = 0;
  for (;;) {
    const deleted = await query(
      db,
      sql`DELETE FROM outbox_events WHERE id IN (
            SELECT id FROM outbox_events WHERE seq IS NOT NULL ORDER BY seq LIMIT ${PRUNE_BATCH})
          AND created_at < ${cutoff}::timestamptz RETURNING 1`,
    );
    events += deleted.length;
    if (deleted.length < PRUNE_BATCH) break;
  }
  for (;;) {
    const deleted = await query(
      db,
      sql`DELETE FROM outbox_jobs WHERE id IN (SELECT id FROM outbox_jobs ORDER BY id LIMIT ${PRUNE_BATCH})
          AND done_at IS NOT NULL AND created_at < ${cutoff}::timestamptz RETURNING 1`,
    );
    jobs += deleted.length;
    if (deleted.length < PRUNE_BATCH) break;
  }
  return { events, jobs };
}
