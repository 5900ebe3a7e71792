/**
 * A player's live connection as the web app keeps it (web/src/features/realtime/liveSocket.ts), for
 * fault tests: it resumes each stream from its positions on every connection, moves to another
 * gateway when one goes away, applies each durable event once and in order, and asks for a replay
 * when it sees a gap. What it applied is what the player would have seen.
 *
 * `asPage`: it reconnects only as socket.io-client does by itself (the web app's own settings), not
 * by moving to the next gateway of its list: a server that ends the connection for good
 * (`io server disconnect`) then leaves it disconnected, as it would leave a page.
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

export interface LiveClientOptions {
  /** Reconnect as a page does (socket.io-client's reconnection), not through the gateway list. */
  asPage?: boolean;
  /** Sent with every handshake (e.g. the Origin a proxy in front expects). */
  headers?: Record<string, string>;
}

export class LiveClient {
  readonly cursor = new StreamCursor();
  /** Events applied, in the order applied (each once). */
  readonly applied: AppliedEvent[] = [];
  /** Why each connection ended, as socket.io-client names it ('transport close', 'io server disconnect', ...). */
  readonly disconnects: string[] = [];
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
    private readonly options: LiveClientOptions = {},
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
    const asPage = this.options.asPage === true;
    const socket: TestSocket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      // As web/src/features/realtime/socket.ts, when it is to behave as a page.
      reconnection: asPage,
      reconnectionDelay: 500,
      reconnectionDelayMax: 1_500,
      forceNew: true,
      extraHeaders: { cookie: this.client.cookieHeader, ...this.options.headers },
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
    socket.on('disconnect', (reason) => {
      this.disconnects.push(reason);
      if (this.socket === socket && !this.closed && !asPage) void this.connect();
    });
    socket.on('connect', () => {
      syncing = true;
      if (this.socket === socket) this.connections += 1;
    });
    return new Promise((resolve, reject) => {
      // Only the first connection's failure gives up on this socket: a page's later attempts retry.
      const failed = (error: Error) => {
        socket.close();
        reject(error);
      };
      socket.once('connect_error', failed);
      socket.once('connect', () => {
        socket.off('connect_error', failed);
        this.socket = socket;
        this.connections += 1;
        resolve();
      });
    });
  }
}
