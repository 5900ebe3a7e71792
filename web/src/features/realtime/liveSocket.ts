/**
 * Runs a live connection the same way for the player and the admin panel: the connection status,
 * resuming from the cursor on every (re)connection, applying each durable event once and in order,
 * asking the server to replay when a gap shows, and refetching what the page shows when the server
 * says the missed events are gone (`reset`). Each event is parsed with its contract's schema before
 * it is applied; the schemas' code loads with the first event to parse (eventSchemas.ts), and events
 * that arrive meanwhile wait for it, in order.
 *
 * The server limits what a socket sends (an honest page stays far inside): a refused `sync` is asked
 * again once the server says it may be; a connection closed for sending too much says so in a toast
 * and comes back by itself when the server says it may.
 */
import { AppError, type DurableEvents, type EventMeta, type PositionedEventName, type SocketRefusal } from '@pog/common';
import { reportError, showErrorToast } from '../errors/showError';
import { whenOnline } from '../network/retryLater';
import { inOrderOnceLoaded, type InOrder } from './inOrder';
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

/** Where a live connection stands, shared by its event handlers. */
interface LiveState {
  connectedBefore: boolean;
  syncing: boolean;
  /** The refusal the server is closing this connection with. */
  closingWith: SocketRefusal | undefined;
  /** The player has been told live updates are held back; once per spell. */
  told: boolean;
  retry: ReturnType<typeof setTimeout> | undefined;
}

/** Parses events in order once the schemas' code has loaded (eventSchemas.ts). */
type Parsing = InOrder<typeof import('./eventSchemas').durableEventSchemas>;

function afterRefusal(state: LiveState, refusal: SocketRefusal, again: () => void): void {
  clearTimeout(state.retry);
  state.retry = setTimeout(again, refusal.retryAfterSeconds * 1000);
}

function sync(socket: GameSocket, cursor: StreamCursor, state: LiveState): void {
  state.syncing = true;
  socket.emit('sync', cursor.snapshot());
}

/** The connection's status as it connects, drops and comes back (after a refusal, when the server says it may). */
function followStatus(socket: GameSocket, state: LiveState, onStatus: LiveSocketOptions['onStatus']): void {
  socket.on('connect', () => {
    onStatus('connected');
    state.connectedBefore = true;
    state.told = false;
    // The handshake asked for everything after the cursor; the answer ends with `stream:state`.
    state.syncing = true;
  });
  socket.on('disconnect', (reason) => {
    const refusal = state.closingWith;
    state.closingWith = undefined;
    if (refusal && reason === 'io server disconnect') {
      onStatus('reconnecting');
      afterRefusal(state, refusal, () => socket.connect());
      return;
    }
    // A server-side disconnect is final (e.g. the session ended); anything else reconnects.
    onStatus(reason === 'io server disconnect' || reason === 'io client disconnect' ? 'disconnected' : 'reconnecting');
  });
  socket.on('connect_error', () => onStatus(state.connectedBefore ? 'reconnecting' : 'connecting'));
}

/** The server's answers about replays: refusals (told, or asked again later) and where each stream stands. */
function followSync(socket: GameSocket, cursor: StreamCursor, state: LiveState, parsing: Parsing, onReset: () => void): void {
  socket.on('socket:refused', (refusal) => {
    if (refusal.closing) {
      state.closingWith = refusal;
      if (!state.told) showErrorToast(new AppError('RATE_LIMITED', refusal.message));
      state.told = true;
    } else if (refusal.event === 'sync') {
      // The replay was not sent: ask again, from where the page is then.
      state.syncing = false;
      afterRefusal(state, refusal, () => {
        if (socket.connected && !state.syncing) sync(socket, cursor, state);
      });
    }
  });
  socket.on('stream:state', (streamState) => {
    cursor.settle(streamState);
    state.syncing = false;
    // After the events received before it, even those still waiting for the schemas.
    if (streamState.reset) parsing.afterWaiting(onReset);
  });
}

export function bindLiveSocket({ socket, cursor, onStatus, onReset }: LiveSocketOptions): LiveSocket {
  const state: LiveState = { connectedBefore: false, syncing: false, closingWith: undefined, told: false, retry: undefined };
  const parsing = inOrderOnceLoaded(() => import('./eventSchemas').then((module) => module.durableEventSchemas), 'live event');
  followStatus(socket, state, onStatus);
  followSync(socket, cursor, state, parsing, onReset);

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
        if (verdict === 'gap' && !state.syncing && socket.connected) sync(socket, cursor, state);
      };
      socket.on(event, listener as never);
    },
    close() {
      stopRestarting();
      clearTimeout(state.retry);
      parsing.stop();
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}
