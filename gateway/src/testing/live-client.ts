/**
 * A player's live connection as the web app keeps it (web/src/features/realtime/liveSocket.ts), for
 * fault tests: it resumes each stream from its positions on every connection, moves to another
 * gateway when one goes away, applies each durable event once and in order, and asks for a replay
 * when it sees a gap. What it applied is what the player would have seen.
 */
import { io } from 'socket.io-client';
import { StreamCursor, type EventMeta, type StreamState } from '@pog/common';
import type { ApiClient } from './api-client';
import type { TestSocket } from './sockets';

export interface AppliedEvent {
  event: string;
  payload: unknown;
  meta: EventMeta;
}

export class LiveClient {
  readonly cursor = new StreamCursor();
  /** Events applied, in the order applied (each once). */
  readonly applied: AppliedEvent[] = [];
  /** Every durable event received, repeats included. */
  received = 0;
  /** Messages of its the server refused (`socket:refused`): an honest client has none. */
  refusals = 0;
  connections = 0;
  private socket: TestSocket | undefined;
  private closed = false;
  private next = 0;

  constructor(
    private readonly gateways: string[],
    private readonly client: ApiClient,
    start?: { stream: string; position: number },
  ) {
    if (start) this.cursor.seed(start.stream, start.position);
  }

  /** Connects to the first gateway that takes it (trying them in turn). */
  async connect(): Promise<void> {
    for (let attempt = 0; !this.closed; attempt++) {
      const url = this.gateways[this.next++ % this.gateways.length]!;
      try {
        await this.open(url);
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, Math.min(1_000, 50 * 2 ** attempt)));
      }
    }
  }

  close(): void {
    this.closed = true;
    this.socket?.close();
  }

  get connected(): boolean {
    return this.socket?.connected ?? false;
  }

  /** The payloads of one event name, applied. */
  payloads(event: string): unknown[] {
    return this.applied.filter((a) => a.event === event).map((a) => a.payload);
  }

  private open(url: string): Promise<void> {
    const socket: TestSocket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { cookie: this.client.cookieHeader },
      auth: (send: (auth: object) => void) => send({ positions: this.cursor.snapshot() }),
    });
    let syncing = true;
    socket.onAny((event: string, payload: unknown, meta?: EventMeta) => {
      if (event === 'socket:refused') this.refusals += 1;
      if (event === 'stream:state') {
        this.cursor.settle(payload as StreamState);
        syncing = false;
        return;
      }
      if (!meta) return;
      this.received += 1;
      const verdict = this.cursor.accept(meta);
      if (verdict === 'apply') this.applied.push({ event, payload, meta });
      else if (verdict === 'gap' && !syncing) {
        syncing = true;
        socket.emit('sync', this.cursor.snapshot());
      }
    });
    socket.on('disconnect', () => {
      if (this.socket === socket && !this.closed) void this.connect();
    });
    return new Promise((resolve, reject) => {
      socket.once('connect', () => {
        this.socket = socket;
        this.connections += 1;
        resolve();
      });
      socket.once('connect_error', (error) => {
        socket.close();
        reject(error);
      });
    });
  }
}
