import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents, SocketHandshakeAuth } from '@pog/common';
import type { StreamCursor } from '@pog/common';

export type GameSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * A socket to the same origin, authenticated by the session cookie(s). Every (re)connection's
 * handshake carries the cursor's positions, so the server resumes each stream where this page is.
 * `forceNew` keeps a second connection in the same tab (the admin panel's) apart from the player's.
 * WebSocket only: a connection is one request, so behind several gateways any of them can take it
 * (long polling's requests would all have to reach the same one; infra/nginx.conf).
 */
export function createGameSocket(cursor: StreamCursor, options: { forceNew?: boolean } = {}): GameSocket {
  return io({
    path: '/socket.io',
    withCredentials: true,
    autoConnect: false,
    forceNew: options.forceNew ?? false,
    transports: ['websocket'],
    // Retries stay close together, so a page is live again within about 2 s of the network returning.
    reconnectionDelay: 500,
    reconnectionDelayMax: 1_500,
    auth: (send: (auth: SocketHandshakeAuth) => void) => send({ positions: cursor.snapshot() }),
  });
}
