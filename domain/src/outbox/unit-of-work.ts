/**
 * One unit of work per command: the change, the events it causes and the follow-up jobs it declares
 * commit together or not at all. Commands receive a `UnitOfWork`, make their change through `uow.tx`
 * and record what should happen next (`toUser`, `toAdmins`, `enqueue`...); the records are written to
 * the outbox tables in the same transaction, just before it commits, and the relay (./relay.ts)
 * delivers them afterwards: events to the players' sockets, jobs to the queue.
 */
import type { DurableEventName, DurableEvents } from '@pog/common/events';
import { ADMINS_STREAM, userStream } from '@pog/common/realtime/streams';
import type { Db, Tx } from '../db/client';
import type { JobName, JobPayload } from '../jobs/definitions';
import { checkEventPayload } from './event-contract';
import { writeOutbox, type EventRecord, type JobRecord } from './store';
import { transactionAt } from './transaction';
import type { UserId } from '@pog/common/schemas/ids';

/** Messages between processes, carried by the outbox's 'cluster' stream (never shown to clients). */
export type ClusterMessage = { type: 'session'; tokenHash: string } | { type: 'user'; userId: UserId };

export const CLUSTER_STREAM = 'cluster';
export const CLUSTER_EVENT = 'cluster';

export interface FollowUpOptions {
  /** Total tries including the first (the queue's default otherwise). */
  attempts?: number;
}

export class UnitOfWork {
  private readonly events: EventRecord[] = [];
  private readonly jobs: JobRecord[] = [];
  private readonly pogsHeld = new Map<UserId, number>();

  constructor(
    readonly tx: Tx,
    readonly now: Date,
    private readonly origin: string | null,
  ) {}

  /** A durable event for one player: delivered to every socket of theirs, replayed after a reconnect. */
  toUser<E extends DurableEventName>(userId: UserId, event: E, payload: DurableEvents[E]): void {
    checkEventPayload(event, payload);
    this.events.push({ stream: userStream(userId), name: event, payload });
  }

  /** A durable event for every admin (the moderation queue). */
  toAdmins<E extends DurableEventName>(event: E, payload: DurableEvents[E]): void {
    checkEventPayload(event, payload);
    this.events.push({ stream: ADMINS_STREAM, name: event, payload });
  }

  /** Tells a player's sockets their session ended and closes them, on every gateway (a ban). */
  revokeUser(userId: UserId, reason: string): void {
    this.toUser(userId, 'session:revoked', { reason });
  }

  /** A message to every gateway process (e.g. drop a cached session). */
  toCluster(message: ClusterMessage): void {
    this.events.push({ stream: CLUSTER_STREAM, name: CLUSTER_EVENT, payload: message });
  }

  /** A follow-up job, handed to the queue once this unit of work has committed. */
  enqueue<N extends JobName>(name: N, payload: JobPayload<N>, options: FollowUpOptions = {}): void {
    this.jobs.push({ name, payload, attempts: options.attempts ?? null, origin: this.origin });
  }

  /**
   * A player now holds `delta` more (or fewer) POGs: every command that creates, deletes or moves a
   * POG says so, and the player lists' counts change in this same transaction, as it commits.
   */
  pogsHeldChanged(userId: UserId, delta: number): void {
    this.pogsHeld.set(userId, (this.pogsHeld.get(userId) ?? 0) + delta);
  }

  /**
   * Applies the players' count changes and writes the records into the outbox, in the order they were
   * made, in one statement. Returns what was written, for the relay to wake the right steps.
   */
  async flush(): Promise<Written> {
    const written = { events: this.events.length > 0, jobs: this.jobs.length > 0 };
    // Counts last: their locks come after every other lock the command took (docs/rules.md, Locks);
    // the outbox rows written with them lock nothing another command waits for.
    await writeOutbox(this.tx, { pogsHeld: this.pogsHeld, events: this.events.splice(0), jobs: this.jobs.splice(0) });
    this.pogsHeld.clear();
    return written;
  }
}

/** What a unit of work wrote into the outbox. */
export interface Written {
  events: boolean;
  jobs: boolean;
}

/** What a relay registers for a database handle: its origin tag and a wake-up for after commits. */
interface OutboxHooks {
  origin: string;
  committed(written: Written): void;
}

const hooksByDb = new WeakMap<object, OutboxHooks>();

/**
 * A relay announces itself for a database handle: units of work on that handle tag their jobs with
 * its origin (it delivers its own jobs first) and wake it as soon as they commit.
 */
export function attachOutboxHooks(db: Db, hooks: OutboxHooks): () => void {
  hooksByDb.set(db, hooks);
  return () => {
    if (hooksByDb.get(db) === hooks) hooksByDb.delete(db);
  };
}

/** Runs `work` as one transaction with its outbox records; the relay is woken once it has committed. */
export async function inUnitOfWork<T>(db: Db, now: Date, work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
  const hooks = hooksByDb.get(db);
  let written: Written = { events: false, jobs: false };
  // The database's triggers date what they record (leaderboard weeks) by the command's clock.
  const origin = hooks?.origin ?? null;
  const result = await transactionAt(db, now, origin, async (tx) => {
    const uow = new UnitOfWork(tx, now, origin);
    const value = await work(uow);
    written = await uow.flush();
    return value;
  });
  if (written.events || written.jobs) hooks?.committed(written);
  return result;
}

/** Records one follow-up job on its own (a change that needs no transaction of its own, e.g. a sign-in). */
export function recordJob<N extends JobName>(db: Db, now: Date, name: N, payload: JobPayload<N>, options?: FollowUpOptions): Promise<void> {
  return inUnitOfWork(db, now, async (uow) => uow.enqueue(name, payload, options));
}
