/**
 * Delivers durable events to this gateway's sockets, in order, each once per socket.
 *
 * The relay hands over every sequenced event (in seq order); the hub passes each to the sockets
 * subscribed to its stream ('user:<id>', 'admins'). A socket that connects, or that asks to `sync`
 * after seeing a gap, first gets what it missed from the outbox (after the position it names), then
 * the live events that arrived meanwhile: live events are held back while it catches up, and
 * anything at or below the position it already has is skipped, so nothing arrives twice or out of
 * order. When what was missed is no longer kept, the socket is told to refetch (`reset`).
 * Messages on the 'cluster' stream are for the gateway itself (cache invalidation), not for sockets.
 */
import { CLUSTER_STREAM, replayStream, streamHead, type ClusterMessage, type Db, type Logger, type SequencedEvent, type StreamReplay } from '@pog/common/server';
import type { StreamPositions, StreamState } from '@pog/common';

/** What the hub needs of a socket. */
export interface HubSocket {
  readonly id: string;
  emit(event: string, ...args: unknown[]): unknown;
  disconnect(close?: boolean): unknown;
  readonly connected: boolean;
}

/** Events a reconnecting socket may be sent at most per stream; more than that, it refetches instead. */
export const REPLAY_LIMIT = 500;
/** Live events held back for one catching-up socket at most; past that it is disconnected (it reconnects). */
const BUFFER_LIMIT = 5_000;

class Subscriber {
  readonly positions = new Map<string, number>();
  syncing = 0;
  buffer: SequencedEvent[] = [];
  constructor(
    readonly socket: HubSocket,
    readonly streams: Set<string>,
  ) {}
}

export class StreamHub {
  private readonly byStream = new Map<string, Set<Subscriber>>();
  private readonly bySocket = new Map<string, Subscriber>();
  private readonly clusterHandlers: Array<(message: ClusterMessage) => void> = [];
  private readonly eventWatchers: Array<(event: SequencedEvent) => void> = [];

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
    for (const event of events) {
      if (event.stream === CLUSTER_STREAM) {
        for (const handler of this.clusterHandlers) handler(event.payload as ClusterMessage);
        continue;
      }
      for (const watcher of this.eventWatchers) watcher(event);
      for (const subscriber of this.byStream.get(event.stream) ?? []) {
        if (subscriber.syncing === 0) this.send(subscriber, event);
        else if (subscriber.buffer.push(event) > BUFFER_LIMIT) subscriber.socket.disconnect(true);
      }
    }
  }

  /** Subscribes a socket to its streams and catches it up from the positions its client sent. */
  async attach(socket: HubSocket, streams: string[], positions: StreamPositions): Promise<void> {
    const subscriber = new Subscriber(socket, new Set(streams));
    this.bySocket.set(socket.id, subscriber);
    for (const stream of streams) this.subscribe(subscriber, stream);
    await this.catchUp(subscriber, positions);
  }

  /** The client saw a gap: replay from where it says it is. */
  async sync(socketId: string, positions: StreamPositions): Promise<void> {
    const subscriber = this.bySocket.get(socketId);
    if (subscriber) await this.catchUp(subscriber, positions);
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

  private async catchUp(subscriber: Subscriber, requested: StreamPositions): Promise<void> {
    subscriber.syncing += 1;
    try {
      for (const stream of subscriber.streams) {
        const after = requested[stream];
        const replay: StreamReplay =
          typeof after === 'number' && Number.isSafeInteger(after) && after >= 0
            ? await replayStream(this.db, stream, after, REPLAY_LIMIT)
            : { kind: 'reset', head: await streamHead(this.db, stream) };
        if (!subscriber.socket.connected) return;
        const state: StreamState = { stream, position: replay.head, reset: replay.kind === 'reset' };
        if (replay.kind === 'events') {
          // Resend from where the client says it is, even what this socket was sent before.
          subscriber.positions.set(stream, after as number);
          for (const event of replay.events) this.send(subscriber, event);
        }
        subscriber.positions.set(stream, Math.max(subscriber.positions.get(stream) ?? 0, replay.head));
        subscriber.socket.emit('stream:state', state);
      }
    } catch (error) {
      // The outbox could not be read: the client reconnects (with backoff) and asks again.
      this.log.warn({ component: 'realtime', err: error instanceof Error ? error.message : String(error) }, 'catching a socket up failed');
      subscriber.socket.disconnect(true);
    } finally {
      subscriber.syncing -= 1;
      if (subscriber.syncing === 0) {
        const held = subscriber.buffer;
        subscriber.buffer = [];
        for (const event of held) this.send(subscriber, event);
      }
    }
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
