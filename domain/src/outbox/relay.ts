/**
 * The relay: the one path from a commit to the players' screens and the job queue.
 *
 * - **Sequencing** (one process at a time: the holder of the sequencer's lease on PostgreSQL, which
 *   another process takes over when it is not renewed; always the process itself on PGlite): committed
 *   events get their global seq and their stream position, in steps fenced by the lease.
 * - **Feeding** (every gateway): sequenced events are read in seq order and handed to `deliver`,
 *   which emits them to this gateway's own sockets. Redis plays no part: a Redis outage delays no event.
 * - **Jobs** (every process): follow-up jobs are claimed and handed to the queue. A job counts as done
 *   only when a processor finished it, so a queue that lost it (Redis restarted empty) gets it again.
 * - **Pruning** (the sequencer): events and finished jobs older than the retention window go, and
 *   Explore's list changes older than theirs (pogs/list-changes.ts).
 *
 * Woken at once by the unit of work that committed in this process, by PostgreSQL notifications from
 * the others (LISTEN/NOTIFY), and by a short poll as a safety net.
 */
import { randomUUID } from 'node:crypto';
import type { Database, DatabaseListener, Db } from '../db/client';
import type { JobName, JobQueue } from '../jobs/definitions';
import type { Logger } from '../logging/logger';
import { readWithin } from '../metrics/registry';
import { isLeaseNotHeld, releaseLease, renewLease, takeLease, type LeaseQuery, type LeaseTerm } from './sequencer-lease';
import { SerialTask } from './serial-task';
import {
  claimJobs,
  claimUnfinishedJobs,
  lastSequence,
  OUTBOX_SEQUENCED_CHANNEL,
  OUTBOX_WRITTEN_CHANNEL,
  pruneOutbox,
  readSequenced,
  releaseJobs,
  sequenceEvents,
  type OutboxJob,
  type SequencedEvent,
} from './store';
import { attachOutboxHooks, type Written } from './unit-of-work';
import { pruneListChanges } from '../pogs/list-changes';
import { prunePlayerListChanges } from '../users/list-changes';

const BATCH = 1000;
const JOB_BATCH = 200;

export interface OutboxRelayOptions {
  database: Database;
  /** This app's own Drizzle handle (units of work on it wake this relay). */
  db: Db;
  /** Where follow-up jobs go. */
  queue: JobQueue;
  /** A gateway's local delivery: every sequenced event from now on, once, in seq order. */
  deliver?: (events: SequencedEvent[]) => void;
  /** Trouble is logged once per streak of failures and once when it works again. */
  log: Logger;
  /** How long sequenced events and finished jobs are kept (catch-up reaches this far back). */
  retentionMs: number;
  /** The safety-net poll (default 500 ms on PGlite, 2 s on PostgreSQL). */
  pollMs?: number;
  /** A job claimed this long ago and still not finished is handed to the queue again (default 30 s). */
  redeliverAfterMs?: number;
  /** Another process's undelivered jobs are taken over after this long (default 5 s). */
  adoptAfterMs?: number;
  /**
   * How long the sequencer's lease lasts unrenewed (PostgreSQL; default 3 s). Its holder renews it every
   * third of that; the others ask for it every sixth, so a holder that stopped is replaced within 1.2 times it.
   */
  leaseMs?: number;
}

export interface RelayStatus {
  /** Whether this process is the sequencer now. */
  sequencer: boolean;
  /** Whether the listener connection is up (PostgreSQL). */
  listening: boolean;
}

export class OutboxRelay {
  readonly origin = randomUUID();
  private readonly options: Required<Omit<OutboxRelayOptions, 'deliver'>> & Pick<OutboxRelayOptions, 'deliver'>;
  private readonly log: Logger;
  private readonly sequence: SerialTask;
  private readonly feed: SerialTask;
  private readonly jobs: SerialTask;
  private readonly announce: SerialTask;
  private listener: DatabaseListener | undefined;
  private sequencer = false;
  /**
   * The lease this relay holds (PostgreSQL), and the moment (this process's monotonic clock) by which
   * it has surely run out: the renewal that set it was sent no earlier.
   */
  private lease: { epoch: number; until: number } | undefined;
  private leasing: Promise<void> | undefined;
  private cursor = 0;
  /** The highest seq a notification announced (the feed catches up to it). */
  private announced = 0;
  private closed = false;
  private readonly timers: NodeJS.Timeout[] = [];
  private detachHooks: (() => void) | undefined;
  private reconnecting: Promise<void> | undefined;
  /** Observers of delivered events (metrics: how many, how long after their commit). */
  private readonly deliveredObservers: Array<(events: SequencedEvent[], at: number) => void> = [];

  constructor(options: OutboxRelayOptions) {
    const postgres = options.database.kind === 'postgres';
    this.options = {
      pollMs: postgres ? 2_000 : 500,
      redeliverAfterMs: 30_000,
      adoptAfterMs: 5_000,
      leaseMs: 3_000,
      ...options,
    };
    this.log = options.log.child({ component: 'outbox' });
    const report = (what: string) => ({
      onFailure: (error: unknown) => this.log.warn({ err: messageOf(error) }, `${what} failed; retrying`),
      onRecovery: () => this.log.info(`${what} works again`),
    });
    this.sequence = new SerialTask(() => this.runSequencer(), report('sequencing'));
    this.feed = new SerialTask(() => this.runFeed(), report('delivering events'));
    this.jobs = new SerialTask(() => this.runJobs(), { ...report('handing jobs to the queue'), maxBackoffMs: 2_000 });
    this.announce = new SerialTask(() => this.announceWritten(), report('waking the sequencer'));
  }

  status(): RelayStatus {
    return { sequencer: this.sequencer, listening: this.listener !== undefined };
  }

  onDelivered(observer: (events: SequencedEvent[], at: number) => void): void {
    this.deliveredObservers.push(observer);
  }

  async start(): Promise<void> {
    const { db, database } = this.options;
    this.cursor = await lastSequence(db);
    this.detachHooks = attachOutboxHooks(db, { origin: this.origin, committed: (written) => this.wake(written) });
    await this.connect();
    if (database.kind === 'pglite') {
      // One process owns an embedded database (the data folder is locked): jobs it handed out before a
      // restart and never finished are handed out again now.
      await this.redeliver(new Date(), 'after a restart');
    }
    this.every(this.options.pollMs, () => this.wake());
    if (database.kind === 'postgres') {
      // The holder renews its lease; the others take it over once it ran out (its holder stopped renewing).
      this.every(this.options.leaseMs / 3, () => {
        if (this.lease) void this.keepLease();
      });
      this.every(this.options.leaseMs / 6, () => {
        if (!this.lease) void this.keepLease();
      });
    }
    this.every(this.options.redeliverAfterMs, () => {
      if (this.sequencer) void this.redeliver(new Date(Date.now() - this.options.redeliverAfterMs));
    });
    this.every(10 * 60_000, () => {
      if (this.sequencer) void this.prune();
    });
    this.options.queue.onReconnect?.(() => {
      // The queue's Redis came back, perhaps empty: what it was given and not finished, again.
      this.log.info('the job queue reconnected: handing over unfinished jobs again');
      void this.redeliver(new Date(), 'after the queue reconnected');
    });
    this.wake();
  }

  /**
   * Something was committed: sequence, feed and hand over jobs. A unit of work of this process says
   * what it wrote: events need sequencing (which feeds this gateway once done), jobs handing over.
   */
  wake(written?: Written): void {
    if (this.closed) return;
    if (this.sequencer && (written?.events ?? true)) void this.sequence.request();
    // The database does not wake the sequencer for a relay's own units of work (migrations/0029).
    if (!this.sequencer && written?.events && this.options.database.kind === 'postgres') void this.announce.request();
    if (this.options.deliver && !written) void this.feed.request();
    if (written?.jobs ?? true) void this.jobs.request();
  }

  /**
   * A unit of work committed somewhere ('<table>:<origin>', migrations/0014). Its own relay was woken
   * by its process, so this one skips its own; others' events need the sequencer; others' jobs are
   * theirs (or adopted by the poll once orphaned), so only jobs written with no relay are claimed here.
   * A payload without a colon (an older wake) wakes every step.
   */
  private written(payload: string): void {
    const colon = payload.indexOf(':');
    if (colon < 0) return this.wake();
    const origin = payload.slice(colon + 1);
    if (origin === this.origin || this.closed) return;
    const table = payload.slice(0, colon);
    if (table === 'outbox_events' && this.sequencer) void this.sequence.request();
    if (table === 'outbox_jobs' && origin === '') void this.jobs.request();
  }

  /** Events up to `lastSeq` were sequenced: read them, unless this process has them already or is sequencing. */
  private sequenced(payload: string): void {
    if (this.closed) return;
    const lastSeq = Number(payload);
    if (Number.isSafeInteger(lastSeq)) {
      if (lastSeq <= this.cursor) return;
      this.announced = Math.max(this.announced, lastSeq);
    }
    // This process's own pass hands its events over itself (or asks the feed for them).
    if (this.sequencer && this.sequence.busy) return;
    void this.feed.request();
  }

  /** Runs every pending step to the end (tests and shutdown). */
  async flush(): Promise<void> {
    if (this.sequencer) await this.sequence.request();
    if (this.options.deliver) await this.feed.request();
    await this.jobs.request();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    this.detachHooks?.();
    await Promise.all([this.sequence.stop(), this.feed.stop(), this.jobs.stop(), this.announce.stop()]);
    await this.reconnecting;
    await this.leasing;
    // Handed on now rather than when it runs out: another process sequences at its next try.
    if (this.lease && this.listener) await releaseLease(this.leaseQuery(this.listener), this.term(this.lease.epoch)).catch(() => undefined);
    this.lease = undefined;
    this.sequencer = false;
    await this.listener?.close();
    this.listener = undefined;
  }

  private every(ms: number, run: () => void): void {
    const timer = setInterval(run, ms);
    timer.unref();
    this.timers.push(timer);
  }

  /** Opens the listener and tries to become the sequencer (or renews its lease); on failure, retries in the background. */
  private async connect(): Promise<void> {
    try {
      await this.openListener();
    } catch (error) {
      this.log.warn({ err: messageOf(error) }, `cannot listen on ${this.options.database.description} yet; polling until it can`);
      this.reconnectSoon();
    }
  }

  private async openListener(): Promise<void> {
    const listener = await this.options.database.connectListener((error) => this.lost(error));
    try {
      await listener.listen(OUTBOX_WRITTEN_CHANNEL, (payload) => this.written(payload));
      if (this.options.deliver) await listener.listen(OUTBOX_SEQUENCED_CHANNEL, (payload) => this.sequenced(payload));
    } catch (error) {
      await listener.close();
      throw error;
    }
    if (this.closed) {
      await listener.close();
      return;
    }
    this.listener = listener;
    // One process owns an embedded database: it always sequences.
    if (this.options.database.kind === 'pglite') this.sequencer = true;
    else await this.keepLease();
  }

  private term(epoch: number): LeaseTerm {
    return { holder: this.origin, epoch };
  }

  /**
   * The holder renews its lease (and steps down when it finds it ran out or changed hands); any other
   * relay takes it when it has run out. On the listener's connection: a lost one (being reopened)
   * renews nothing, and a lease not renewed in time is given up here before the database refuses it.
   */
  private keepLease(): Promise<void> {
    if (this.leasing) return this.leasing;
    const listener = this.listener;
    if (this.closed || !listener) {
      this.givenUpUnrenewed();
      return Promise.resolve();
    }
    const { leaseMs } = this.options;
    const query = this.leaseQuery(listener);
    this.leasing = (async () => {
      const sent = performance.now();
      // A connection that does not answer in time is replaced: a half-open one would never say it is gone.
      const stuck = setTimeout(() => this.dropListener(listener, `the listener connection did not answer within ${leaseMs} ms`), leaseMs);
      try {
        const held = this.lease;
        if (held) {
          if (await renewLease(query, this.term(held.epoch), leaseMs)) held.until = sent + leaseMs;
          else this.stepDown(held.epoch, 'its lease ran out and another process may hold it');
          return;
        }
        const epoch = await takeLease(query, this.origin, leaseMs);
        if (epoch === undefined || this.closed) return;
        this.lease = { epoch, until: sent + leaseMs };
        this.sequencer = true;
        this.log.info({ epoch, holder: this.origin }, `this process is the sequencer now (lease epoch ${epoch})`);
        this.wake();
      } catch {
        // The listener's connection is in trouble; `lost` reopens it, and the next try renews.
        this.givenUpUnrenewed();
      } finally {
        clearTimeout(stuck);
        this.leasing = undefined;
      }
    })();
    return this.leasing;
  }

  /** Statements on the listener's connection, given up after the lease's length. */
  private leaseQuery(listener: DatabaseListener): LeaseQuery {
    return (text, values) => readWithin(() => listener.query(text, values), this.options.leaseMs);
  }

  /** A lease not renewed in time is given up here, before the database refuses it: whether it was. */
  private givenUpUnrenewed(): boolean {
    if (!this.lease || performance.now() < this.lease.until) return false;
    this.stepDown(this.lease.epoch, 'its lease ran out before it could renew it');
    return true;
  }

  /** This relay no longer holds the lease of `epoch` (unless it took a newer one meanwhile). */
  private stepDown(epoch: number, why: string): void {
    if (this.lease?.epoch !== epoch) return;
    this.lease = undefined;
    this.sequencer = false;
    this.log.warn({ epoch, holder: this.origin }, `no longer the sequencer: ${why}`);
    // Events sequenced elsewhere from now on reach this gateway through the feed.
    if (!this.closed && this.options.deliver) void this.feed.request();
    // What this process wrote and did not sequence waits for the next sequencer: wake it.
    if (!this.closed && this.options.database.kind === 'postgres') void this.announce.request();
  }

  private dropListener(listener: DatabaseListener, why: string): void {
    if (this.listener !== listener) return;
    void listener.close();
    this.lost(new Error(why));
  }

  private lost(error: Error): void {
    if (this.closed) return;
    this.listener = undefined;
    // A lease outlives the connection it was renewed on: it is renewed on the next one, if still in time.
    this.log.warn({ err: error.message }, `lost the database listener${this.lease ? ' (still the sequencer until its lease runs out)' : ''}; reconnecting`);
    this.reconnectSoon();
  }

  private reconnectSoon(): void {
    if (this.reconnecting || this.closed) return;
    this.reconnecting = (async () => {
      for (let attempt = 0; !this.closed; attempt++) {
        await sleep(Math.min(5_000, 200 * 2 ** attempt));
        if (this.closed) return;
        try {
          await this.openListener();
          // A cut while the lease was taken on it loses the new listener too (`lost` waits for this
          // loop rather than start another): try again.
          if (!this.listener) continue;
          this.log.info(`listening again${this.sequencer ? ' (sequencer)' : ''}`);
          this.wake();
          return;
        } catch {
          // Still down; the next try waits longer.
        }
      }
    })().finally(() => {
      this.reconnecting = undefined;
      // Lost again between the last try and now: nobody else will reopen it.
      if (!this.closed && !this.listener) this.reconnectSoon();
    });
  }

  private async runSequencer(): Promise<void> {
    if (!this.sequencer) return;
    const rows = this.options.deliver !== undefined;
    let behind = false;
    for (;;) {
      const result = await this.sequenceBatch(rows);
      if (!result) break;
      const { sequenced, events } = result;
      // A gateway's own sockets get what it just sequenced at once, without reading it back, when it
      // follows on from what they had; otherwise (another sequencer's events in between) the feed reads.
      if (events && !this.handOn(events, true)) behind = true;
      if (sequenced < BATCH || this.closed) break;
    }
    // Events another sequencer announced meanwhile are read by the feed.
    if (behind || this.announced > this.cursor) void this.feed.request();
  }

  /** One batch sequenced under this process's lease; undefined when it may not sequence now (no lease, or it was lost). */
  private async sequenceBatch(rows: boolean): Promise<Awaited<ReturnType<typeof sequenceEvents>> | undefined> {
    if (this.givenUpUnrenewed()) return undefined;
    const held = this.lease;
    if (!held && this.options.database.kind === 'postgres') return undefined;
    try {
      return await sequenceEvents(this.options.db, BATCH, { rows, ...(held ? { lease: this.term(held.epoch) } : {}) });
    } catch (error) {
      if (!held || !isLeaseNotHeld(error)) throw error;
      this.stepDown(held.epoch, 'another process holds its lease now');
      return undefined;
    }
  }

  /**
   * Tells the sequencer, in a statement of its own after the commit, that this process committed
   * events: the notification does not hold the database's commit lock through another flush. On the
   * listener's connection, which no query queues on; while it is being reopened, the sequencer's
   * poll finds them.
   */
  private async announceWritten(): Promise<void> {
    const listener = this.listener;
    if (!listener || this.closed) return;
    await listener.query(`SELECT pg_notify('${OUTBOX_WRITTEN_CHANNEL}', $1::text)`, [`outbox_events:${this.origin}`]);
  }

  private async runFeed(): Promise<void> {
    if (!this.options.deliver) return;
    for (;;) {
      const events = await readSequenced(this.options.db, this.cursor, BATCH);
      // The sequencer may have handed some of these over while they were read. What the read found
      // is all there is after the cursor (pruning may have left a hole far behind).
      this.handOn(events, false);
      if (events.length < BATCH || this.closed) return;
    }
  }

  /**
   * Delivers the events after the cursor, in seq order. With `contiguous`, only when they follow on
   * from it: false means there is a gap (events sequenced before these are not delivered yet).
   */
  private handOn(events: SequencedEvent[], contiguous: boolean): boolean {
    const fresh = events[0] && events[0].seq <= this.cursor ? events.filter((event) => event.seq > this.cursor) : events;
    if (fresh.length === 0) return true;
    if (contiguous && fresh[0]!.seq !== this.cursor + 1) return false;
    this.cursor = fresh[fresh.length - 1]!.seq;
    this.options.deliver?.(fresh);
    const at = Date.now();
    for (const observe of this.deliveredObservers) observe(fresh, at);
    return true;
  }

  private async runJobs(): Promise<void> {
    for (;;) {
      const claimed = await claimJobs(this.options.db, this.origin, JOB_BATCH, new Date(Date.now() - this.options.adoptAfterMs));
      if (claimed.length === 0) return;
      await this.handOver(claimed);
      if (claimed.length < JOB_BATCH || this.closed) return;
    }
  }

  /**
   * Jobs claimed before `deliveredBefore` and never finished go to the queue again. With `why`, one
   * line counts them by job name: they were handed out before and may have been running when the
   * process or the queue stopped. The periodic safety net stays quiet (a long backlog is not news).
   */
  private async redeliver(deliveredBefore: Date, why?: string): Promise<void> {
    try {
      for (;;) {
        const claimed = await claimUnfinishedJobs(this.options.db, JOB_BATCH, deliveredBefore);
        if (claimed.length === 0) return;
        if (why) this.log.warn({ count: claimed.length, jobs: countByName(claimed) }, `handing ${claimed.length} unfinished jobs to the queue again ${why}`);
        await this.handOver(claimed);
        if (claimed.length < JOB_BATCH || this.closed) return;
      }
    } catch (error) {
      this.log.warn({ err: messageOf(error) }, 'handing unfinished jobs over again failed');
    }
  }

  /** Gives claimed jobs to the queue; those it refused are released for the next try, and the try fails. */
  private async handOver(jobs: OutboxJob[]): Promise<void> {
    const { queue, db } = this.options;
    const results = await Promise.allSettled(
      jobs.map((job) => queue.enqueue(job.name as JobName, job.payload as never, { outboxId: job.id, ...(job.attempts ? { attempts: job.attempts } : {}) })),
    );
    const refused = jobs.filter((_, i) => results[i]!.status === 'rejected');
    if (refused.length === 0) return;
    await releaseJobs(db, refused.map((job) => job.id));
    throw (results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason;
  }

  private async prune(): Promise<void> {
    try {
      const { events, jobs } = await pruneOutbox(this.options.db, new Date(Date.now() - this.options.retentionMs));
      if (events + jobs > 0) this.log.info({ events, jobs }, `pruned ${events} events and ${jobs} finished jobs older than the retention window`);
      // Explore's and the player lists' changes go too (pogs/list-changes.ts keeps them for its own, shorter, window).
      await pruneListChanges(this.options.db);
      await prunePlayerListChanges(this.options.db);
    } catch (error) {
      this.log.warn({ err: messageOf(error) }, 'pruning failed');
    }
  }
}

function countByName(jobs: OutboxJob[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const job of jobs) counts[job.name] = (counts[job.name] ?? 0) + 1;
  return counts;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
