/**
 * Runs a live connection the same way for the player and the admin panel: the connection status,
 * resuming from the cursor on every (re)connection, applying each durable event once and in order,
 * asking the server to replay when a gap shows, and refetching what the page shows when the server
 * says the missed events are gone (`reset`). Each event is parsed with its contract's schema before
 * it is applied; the schemas' code loads with the first event to parse (eventSchemas.ts), and events
 * that arrive meanwhile wait for it, in order.
 */
import type { DurableEvents, EventMeta, PositionedEventName } from '@pog/common';
import { reportError } from '../errors/showError';
import { whenOnline } from '../network/retryLater';
import { inOrderOnceLoaded } from './inOrder';
import type { SocketStatus } from '../../stores/socket';
import type { GameSocket } from './socket';
import type { StreamCursor } from '@pog/common';

export interface LiveSocketOptions {
  socket: GameSocket;
  cursor: StreamCursor;
  onStatus: (status: SocketStatus) => void;
  /** Events were missed that cannot be replayed: refetch what is on screen. */
  onReset: () => void;
}

export interface LiveSocket {
  /** Handles a durable event, called once per event in stream order. */
  on<E extends PositionedEventName>(event: E, handler: (payload: DurableEvents[E]) => void): void;
  close(): void;
}

export function bindLiveSocket({ socket, cursor, onStatus, onReset }: LiveSocketOptions): LiveSocket {
  let connectedBefore = false;
  let syncing = false;
  const parsing = inOrderOnceLoaded(() => import('./eventSchemas').then((module) => module.durableEventSchemas), 'live event');

  socket.on('connect', () => {
    onStatus('connected');
    connectedBefore = true;
    // The handshake asked for everything after the cursor; the answer ends with `stream:state`.
    syncing = true;
  });
  socket.on('disconnect', (reason) => {
    // A server-side disconnect is final (e.g. the session ended); anything else reconnects.
    onStatus(reason === 'io server disconnect' || reason === 'io client disconnect' ? 'disconnected' : 'reconnecting');
  });
  socket.on('connect_error', () => onStatus(connectedBefore ? 'reconnecting' : 'connecting'));
  socket.on('stream:state', (state) => {
    cursor.settle(state);
    syncing = false;
    // After the events received before it, even those still waiting for the schemas.
    if (state.reset) parsing.afterWaiting(onReset);
  });

  // When the network comes back, a connection that is not up starts over at once instead of
  // waiting for its next retry. It also unsticks socket.io-client: a browser 'offline' event while
  // the first connection is being opened closes it in a way the client does not count as a failure,
  // so it would sit 'connecting' until its 20 s connect timeout.
  const restartIfDown = () => {
    if (socket.connected) return;
    socket.disconnect();
    socket.connect();
  };
  const stopRestarting = whenOnline(restartIfDown);

  onStatus('connecting');
  socket.connect();

  return {
    on(event, handler) {
      const listener = (payload: DurableEvents[typeof event], meta: EventMeta) => {
        const verdict = cursor.accept(meta);
        if (verdict === 'apply') {
          // Parsed with the contract's schema: a payload the server should never send is reported, not applied.
          return parsing.run((schemas) => {
            const parsed = schemas[event].safeParse(payload);
            if (!parsed.success) return reportError(new Error(`Malformed ${event} event`), `${event} event payload`);
            handler(parsed.data as DurableEvents[typeof event]);
          });
        }
        if (verdict === 'gap' && !syncing && socket.connected) {
          syncing = true;
          socket.emit('sync', cursor.snapshot());
        }
      };
      socket.on(event, listener as never);
    },
    close() {
      stopRestarting();
      parsing.stop();
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}
