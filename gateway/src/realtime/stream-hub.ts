/**
 * Delivers durable events to this gateway's sockets, in order, each once per socket.
 *
 * The relay hands over every sequenced event (in seq order); the hub passes each to the sockets
 * subscribed to its stream ('user:<id>', 'admins'). A socket that connects, or that asks to `sync`
 * after seeing a gap, first gets what it missed from the outbox (after the position it names), then
 * the live events that arrived meanwhile: live events are held back while it catches up, and
 * anything at or below the position it already has is skipped, so nothing arrives twice or out of
 * order. When what was missed is no longer kept, the socket is told to refetch (`reset`).
 *
 * Catching up is the one thing a client can make the gateway read from the database at will, so it
 * is bounded. One catch-up reads at most REPLAY_LIMIT events of a stream, REPLAY_PAGE at a time
 * (further behind, the client refetches). A socket has at most one catch-up waiting: later asks
 * join it (replaying from the lowest position asked). The sockets of one owner (a player, or an
 * admin session) take turns, one read at a time, and those waiting with the same ask are served by
 * one read. And an owner is replayed at most so many events a minute (SOCKET_BUDGETS.replayed): past
 * that, it is told to refetch, through the HTTP API and its limits.
 * Messages on the 'cluster' stream are for the gateway itself (cache invalidation), not for sockets.
 */
import {
  CLUSTER_STREAM, replayStream, streamEvents, streamHead, type ClusterMessage, type SequencedEvent, type StreamReplay,
} from '@pog/domain/outbox';
import { type Db } from '@pog/domain/db';
import { type Logger } from '@pog/domain/logging';
import type { StreamPositions, StreamState } from '@pog/common';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { SOCKET_BUDGETS, spend } from './socket-limits';
import { StreamHeads } from './stream-heads';

/** What the hub needs of a socket. */
export interface HubSocket {
  readonly id: string;
  emit(event: string, ...args: unknown[]): unknown;
  disconnect(close?: boolean): unknown;
  readonly connected: boolean;
  /** Its transport: closing it is a lost connection, which the client retries by itself. */
  readonly conn?: { close(): unknown };
}

/**
 * Ends a socket's connection as if lost, so its page reconnects and catches up (`disconnect` tells
 * the client the server ended it for good: only a ban or a logout does that).
 */
function dropConnection(socket: HubSocket): void {
  if (socket.conn) socket.conn.close();
  else socket.disconnect(true);
}

/** Events a reconnecting socket may be sent at most per stream; more than that, it refetches instead. */
export const REPLAY_LIMIT = 500;
/** Events read from the outbox in one statement when catching up: a long replay lets other work in between. */
const REPLAY_PAGE = 100;
/** Live events held back for one catching-up socket at most; past that it is disconnected (it reconnects). */
const BUFFER_LIMIT = 5_000;

class Subscriber {
  readonly positions = new Map<string, number>();
  /** Catch-ups asked for and not finished: live events are held back meanwhile. */
  syncing = 0;
  buffer: SequencedEvent[] = [];
  /** The catch-up waiting for its owner's turn (settled when done), and the positions it will replay from. */
  waiting: { done: Promise<void>; settle: () => void } | undefined;
  wanted: StreamPositions = {};
  constructor(
    readonly socket: HubSocket,
    readonly streams: Set<string>,
    readonly owner: string,
  ) {}
}

/** Two asks joined: the lower position of each stream; a stream one of them names no position for starts afresh. */
function lowest(a: StreamPositions, b: StreamPositions): StreamPositions {
  const joined: StreamPositions = {};
  for (const [stream, position] of Object.entries(a)) {
    const other = b[stream];
    if (typeof other === 'number') joined[stream] = Math.min(position, other);
  }
  return joined;
}

/** What a waiting catch-up asks for: its streams and where each starts. Equal asks of one owner are served by one read. */
function askOf(subscriber: Subscriber): string {
  return JSON.stringify([...subscriber.streams].sort().map((stream) => [stream, subscriber.wanted[stream] ?? null]));
}

/** What the hub has done, for /metrics. */
export interface HubStats {
  /** Catch-ups that read the outbox (each at most one page per stream). */
  catchUps: number;
  /** Events those catch-ups read and sent. */
  eventsReplayed: number;
}

export class StreamHub {
  private readonly byStream = new Map<string, Set<Subscriber>>();
  private readonly bySocket = new Map<string, Subscriber>();
  private readonly clusterHandlers: Array<(message: ClusterMessage) => void> = [];
  private readonly eventWatchers: Array<(event: SequencedEvent) => void> = [];
  /** Each owner's catch-ups waiting for their turn, while its sockets are catching up. */
  private readonly lanes = new Map<string, Subscriber[]>();
  readonly stats: HubStats = { catchUps: 0, eventsReplayed: 0 };
  private readonly replayBudget = new RateLimiterMemory({ keyPrefix: 'replayed', ...SOCKET_BUDGETS.replayed });
  /** Where streams stand, advanced by what is delivered here (GET /api/user's position). */
  readonly heads = new StreamHeads((stream) => streamHead(this.db, stream));

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
  ) {}

  /** Messages between processes (the 'cluster' stream). */
  onCluster(handler: (message: ClusterMessage) => void): void {
    this.clusterHandlers.push(handler);
  }

  /** Sees every event for the sockets as it is delivered (derived live-only signals, e.g. the leaderboards). */
  watch(watcher: (event: SequencedEvent) => void): void {
    this.eventWatchers.push(watcher);
  }

  /** How many sockets are subscribed here (metrics). */
  get size(): number {
    return this.bySocket.size;
  }

  /** The relay's delivery: every sequenced event, in seq order. */
  deliver(events: SequencedEvent[]): void {
    this.heads.advance(events);
    for (const event of events) {
      if (event.stream === CLUSTER_STREAM) {
        for (const handler of this.clusterHandlers) handler(event.payload as ClusterMessage);
        continue;
      }
      for (const watcher of this.eventWatchers) watcher(event);
      for (const subscriber of this.byStream.get(event.stream) ?? []) {
        if (subscriber.syncing === 0) this.send(subscriber, event);
        else if (subscriber.buffer.push(event) > BUFFER_LIMIT) dropConnection(subscriber.socket);
      }
    }
  }

  /**
   * Subscribes a socket to its streams and catches it up from the positions its client sent.
   * `owner`: whose sockets take turns catching up (default: the socket alone).
   */
  async attach(socket: HubSocket, streams: string[], positions: StreamPositions, owner = socket.id): Promise<void> {
    const subscriber = new Subscriber(socket, new Set(streams), owner);
    this.bySocket.set(socket.id, subscriber);
    for (const stream of streams) this.subscribe(subscriber, stream);
    await this.schedule(subscriber, positions);
  }

  /** The client saw a gap: replay from where it says it is. */
  async sync(socketId: string, positions: StreamPositions): Promise<void> {
    const subscriber = this.bySocket.get(socketId);
    if (subscriber) await this.schedule(subscriber, positions);
  }

  /** The streams a socket receives (tests, diagnostics). */
  streamsOf(socketId: string): string[] {
    return [...(this.bySocket.get(socketId)?.streams ?? [])];
  }

  /** Stops delivering one stream to a socket (an admin session that ended). */
  leave(socketId: string, stream: string): void {
    const subscriber = this.bySocket.get(socketId);
    if (!subscriber) return;
    subscriber.streams.delete(stream);
    this.byStream.get(stream)?.delete(subscriber);
  }

  detach(socketId: string): void {
    const subscriber = this.bySocket.get(socketId);
    if (!subscriber) return;
    this.bySocket.delete(socketId);
    for (const stream of subscriber.streams) {
      const set = this.byStream.get(stream);
      set?.delete(subscriber);
      if (set?.size === 0) this.byStream.delete(stream);
    }
  }

  private subscribe(subscriber: Subscriber, stream: string): void {
    let set = this.byStream.get(stream);
    if (!set) this.byStream.set(stream, (set = new Set()));
    set.add(subscriber);
  }

  /**
   * Queues a catch-up in its owner's lane, joining the one this socket already has waiting. Live
   * events are held back from now on, so none slips between the replay and what follows it.
   */
  private schedule(subscriber: Subscriber, positions: StreamPositions): Promise<void> {
    subscriber.wanted = subscriber.waiting ? lowest(subscriber.wanted, positions) : positions;
    if (subscriber.waiting) return subscriber.waiting.done;
    subscriber.syncing += 1;
    let settle: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (settle = resolve));
    subscriber.waiting = { done, settle };
    const lane = this.lanes.get(subscriber.owner);
    if (lane) lane.push(subscriber);
    else void this.runLane(subscriber.owner, [subscriber]);
    return done;
  }

  /** Catches an owner's sockets up one ask at a time, each ask read once for all the sockets waiting with it. */
  private async runLane(owner: string, lane: Subscriber[]): Promise<void> {
    this.lanes.set(owner, lane);
    while (lane.length > 0) {
      const ask = askOf(lane[0]!);
      const group = lane.filter((subscriber) => askOf(subscriber) === ask);
      const wanted = group[0]!.wanted;
      const settles = group.map((subscriber) => {
        lane.splice(lane.indexOf(subscriber), 1);
        const { settle } = subscriber.waiting!;
        // Asked again from now on: another turn.
        subscriber.waiting = undefined;
        return settle;
      });
      await this.catchUp(group, wanted);
      for (const settle of settles) settle();
    }
    this.lanes.delete(owner);
  }

  /** One read of the outbox for sockets waiting with the same ask (their `syncing` counts were taken by `schedule`). */
  private async catchUp(group: Subscriber[], requested: StreamPositions): Promise<void> {
    // Sockets that left while they waited cost nothing more.
    const present = () => group.filter((subscriber) => subscriber.socket.connected && this.bySocket.get(subscriber.socket.id) === subscriber);
    try {
      if (present().length === 0) return;
      this.stats.catchUps += 1;
      for (const stream of group[0]!.streams) await this.catchUpStream(group[0]!.owner, present, stream, requested[stream]);
    } catch (error) {
      // The outbox could not be read: the clients reconnect (with backoff) and ask again.
      this.log.warn({ component: 'realtime', err: error instanceof Error ? error.message : String(error) }, 'catching a socket up failed');
      for (const subscriber of group) dropConnection(subscriber.socket);
    } finally {
      for (const subscriber of group) this.endSync(subscriber);
    }
  }

  /** Replays one stream from `after` to the sockets still present, then tells them where it stands. */
  private async catchUpStream(owner: string, present: () => Subscriber[], stream: string, after: number | undefined): Promise<void> {
    const replay: StreamReplay =
      typeof after === 'number' && Number.isSafeInteger(after) && after >= 0
        ? await replayStream(this.db, stream, after, REPLAY_LIMIT, { admit: (count) => this.spendReplay(owner, count), page: REPLAY_PAGE })
        : { kind: 'reset', head: await streamHead(this.db, stream) };
    const reset = replay.kind === 'events' ? await this.resend(present, stream, after as number, replay) : true;
    const state: StreamState = { stream, position: replay.head, reset };
    for (const subscriber of present()) {
      subscriber.positions.set(stream, Math.max(subscriber.positions.get(stream) ?? 0, replay.head));
      subscriber.socket.emit('stream:state', state);
    }
  }

  /**
   * Resends a stream's events from where the client says it is, even what a socket was sent before,
   * page by page up to the replay's head. Whether the client must refetch (pruned meanwhile).
   */
  private async resend(present: () => Subscriber[], stream: string, after: number, replay: StreamReplay & { kind: 'events' }): Promise<boolean> {
    let reset = false;
    for (const subscriber of present()) subscriber.positions.set(stream, after);
    let page: SequencedEvent[] | undefined = replay.events;
    for (let last = after; page; ) {
      this.stats.eventsReplayed += page.length;
      for (const subscriber of present()) for (const event of page) this.send(subscriber, event);
      last += page.length;
      if (last >= replay.head || present().length === 0) break;
      // Page by page: other players' reads and answers go on in between.
      page = await streamEvents(this.db, stream, last, Math.min(replay.head, last + REPLAY_PAGE));
      // Pruned meanwhile: the client refetches.
      reset = !page;
    }
    return reset;
  }

  /** One catch-up of this socket is over: once none is left, the events held meanwhile are sent. */
  private endSync(subscriber: Subscriber): void {
    subscriber.syncing -= 1;
    if (subscriber.syncing > 0) return;
    const held = subscriber.buffer;
    subscriber.buffer = [];
    for (const event of held) this.send(subscriber, event);
  }

  /** Whether `owner` may be replayed `count` more events now. */
  private async spendReplay(owner: string, count: number): Promise<boolean> {
    return count === 0 || (await spend(this.replayBudget, owner, count)) === undefined;
  }

  private send(subscriber: Subscriber, event: SequencedEvent): void {
    if (!subscriber.streams.has(event.stream)) return;
    if (event.position <= (subscriber.positions.get(event.stream) ?? 0)) return;
    subscriber.positions.set(event.stream, event.position);
    if (event.name === 'session:revoked') {
      // The end of this player's session: told, then closed (a ban).
      subscriber.socket.emit('session:revoked', event.payload);
      subscriber.socket.disconnect(true);
      return;
    }
    subscriber.socket.emit(event.name, event.payload, { id: String(event.id), stream: event.stream, position: event.position });
  }
}
