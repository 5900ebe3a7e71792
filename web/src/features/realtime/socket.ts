import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@pog/common';

export type GameSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * A socket to the same origin, authenticated by the session cookie. It is created only for a
 * signed-in player and thrown away at sign-out, so it never outlives the session it belongs to.
 */
export function createGameSocket(): GameSocket {
  return io({
    path: '/socket.io',
    withCredentials: true,
    autoConnect: false,
    transports: ['websocket', 'polling'],
  });
}
