import { io } from 'socket.io-client';
import type { GameSocket } from '../realtime/socket';

/**
 * The admin panel's connection: same origin and contract as the player's, but always its own
 * (forceNew), so opening or closing it never touches a player's socket in the same tab.
 */
export function createAdminSocket(): GameSocket {
  return io({
    path: '/socket.io',
    withCredentials: true,
    autoConnect: false,
    forceNew: true,
    transports: ['websocket', 'polling'],
  });
}
