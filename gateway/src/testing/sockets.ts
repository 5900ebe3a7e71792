/** Real Socket.IO clients for tests, authenticated by a test client's cookie. */
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents, StreamPositions } from '@pog/common';
import type { ApiClient } from './api-client';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * `positions`: where to resume each stream (as a page would after reading its data); without them
 * the server starts the socket at each stream's current head. `listen` attaches listeners before the
 * connection opens (what the server sends at once, such as `stream:state`, can arrive in the same
 * read as the connection itself).
 */
export function connectSocket(
  baseUrl: string,
  client?: ApiClient,
  headers: Record<string, string> = {},
  positions?: StreamPositions,
  listen?: (socket: TestSocket) => void,
): Promise<TestSocket> {
  const socket: TestSocket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { ...(client ? { cookie: client.cookieHeader } : {}), ...headers },
    ...(positions ? { auth: { positions } } : {}),
  });
  listen?.(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Collects every payload of one event, for assertions. */
export function recordEvents<E extends keyof ServerToClientEvents>(socket: TestSocket, event: E): Parameters<ServerToClientEvents[E]>[0][] {
  const seen: Parameters<ServerToClientEvents[E]>[0][] = [];
  (socket.on as (e: string, l: (p: unknown) => void) => void)(event, (payload) => seen.push(payload as never));
  return seen;
}
