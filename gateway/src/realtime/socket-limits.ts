/**
 * What one socket and one player may send this gateway, counted in memory (each gateway guards
 * itself). Every client-to-server message counts, whatever its name. A message over budget is
 * dropped and answered with `socket:refused`; a socket that goes on sending is told so and closed,
 * and its player (or admin session, or a signed-out visitor's network) may not open another before
 * the wait it was told: refused at the handshake, before any work is done for it.
 * What catch-ups replay has a budget too (`replayed`, spent by stream-hub.ts): a connection catches
 * up as a `sync` does, so reconnecting does not buy more.
 * A signed-in player (or admin session) holds at most SOCKETS_PER_PLAYER sockets here: every event
 * of theirs goes to each of them, and a script opening thousands would multiply its own events by as
 * many. A signed-out visitor's spectator sockets are bounded by their network's connections instead
 * (connection-limits.ts and the proxy), so that visitors behind one address are not held to it.
 *
 * An honest page sends one `sync` per gap it sees and waits for the answer before the next: far
 * inside these budgets.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ERROR_CATALOGUE, type SocketRefusal } from '@pog/common';

/** Points per window of `duration` seconds. */
export const SOCKET_BUDGETS = {
  /** Messages from one socket. */
  socket: { points: 10, duration: 10 },
  /** Messages from all the sockets of one player (or admin session) on this gateway. */
  owner: { points: 30, duration: 10 },
  /** Refused messages a socket may send before it is closed. */
  strikes: { points: 10, duration: 10 },
  /**
   * Events replayed to one player's (or admin session's) sockets by catch-ups (stream-hub.ts): past
   * that, a catch-up is a reset and the page refetches. Four times a catch-up's most (REPLAY_LIMIT):
   * a page coming back after a while replays what it missed once.
   */
  replayed: { points: 2_000, duration: 60 },
} as const;

/** Far more tabs than a person keeps open. */
export const SOCKETS_PER_PLAYER = 50;

/** Counts for /metrics. */
export interface SocketLimitStats {
  messagesRefused: number;
  socketsClosed: number;
  /** Handshakes refused while their owner was benched, or held SOCKETS_PER_PLAYER sockets already. */
  connectionsRefused: number;
}

/** What the limits need of a socket. */
export interface GuardedSocket {
  readonly id: string;
  readonly connected: boolean;
  emit(event: 'socket:refused', refusal: SocketRefusal): unknown;
  disconnect(close?: boolean): unknown;
}

export interface SocketLimits {
  readonly stats: SocketLimitStats;
  /**
   * Socket.IO middleware for a socket's incoming messages (`socket.use`): a message within budget
   * goes on to its handler; one over it is dropped and answered, and a socket that goes on is closed.
   */
  guard(socket: GuardedSocket, owner: string): (packet: unknown[], next: () => void) => void;
  /** Milliseconds until `owner` may connect again after a socket of its was closed for flooding; undefined when it may now. */
  benched(owner: string): Promise<number | undefined>;
  /** Whether `owner`, a player or an admin session, holds SOCKETS_PER_PLAYER sockets here already (counted as refused). */
  full(owner: string): boolean;
  /** Counts a connected socket of `owner` until it is forgotten. */
  opened(socketId: string, owner: string): void;
  /** Forgets a socket that has gone. */
  forget(socketId: string): void;
}

/** Milliseconds until `key` may spend `points` again, or undefined when it spent them now. */
export async function spend(limiter: RateLimiterMemory, key: string, points = 1): Promise<number | undefined> {
  try {
    await limiter.consume(key, points);
    return undefined;
  } catch (refused) {
    if (refused instanceof RateLimiterRes) return refused.msBeforeNext;
    throw refused;
  }
}

function refusal(event: string, waitMs: number, closing: boolean): SocketRefusal {
  return { code: 'RATE_LIMITED', message: ERROR_CATALOGUE.RATE_LIMITED.message, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)), event, closing };
}

export function createSocketLimits(): SocketLimits {
  const socket = new RateLimiterMemory({ keyPrefix: 'socket', ...SOCKET_BUDGETS.socket });
  const owner = new RateLimiterMemory({ keyPrefix: 'owner', ...SOCKET_BUDGETS.owner });
  const strikes = new RateLimiterMemory({ keyPrefix: 'strikes', ...SOCKET_BUDGETS.strikes });
  // A closed socket's owner is blocked here for as long as it was told to wait.
  const bench = new RateLimiterMemory({ keyPrefix: 'bench', points: 1, duration: 1 });
  const stats: SocketLimitStats = { messagesRefused: 0, socketsClosed: 0, connectionsRefused: 0 };
  const ownerOf = new Map<string, string>();
  const held = new Map<string, number>();
  return {
    stats,
    guard(client, ownerKey) {
      /** Nothing when the message may be handled, else the refusal to send. */
      const admit = async (event: string): Promise<SocketRefusal | undefined> => {
        // The socket's own budget first: a flooding socket does not spend its player's other sockets' share.
        const wait = (await spend(socket, client.id)) ?? (await spend(owner, ownerKey));
        if (wait === undefined) return undefined;
        stats.messagesRefused += 1;
        const struckOut = await spend(strikes, client.id);
        return struckOut === undefined ? refusal(event, wait, false) : refusal(event, Math.max(wait, struckOut), true);
      };
      return (packet, next) => {
        const event = typeof packet[0] === 'string' ? packet[0] : '';
        void admit(event).then((refused) => {
          if (!refused) return next();
          if (!client.connected) return;
          client.emit('socket:refused', refused);
          if (!refused.closing) return;
          stats.socketsClosed += 1;
          void bench.block(ownerKey, refused.retryAfterSeconds);
          client.disconnect(true);
        }, () => client.disconnect(true));
      };
    },
    async benched(ownerKey) {
      const state = await bench.get(ownerKey);
      if (!state || state.consumedPoints <= 1) return undefined;
      stats.connectionsRefused += 1;
      return state.msBeforeNext;
    },
    full(ownerKey) {
      const counted = !ownerKey.startsWith('visitor:');
      if (!counted || (held.get(ownerKey) ?? 0) < SOCKETS_PER_PLAYER) return false;
      stats.connectionsRefused += 1;
      return true;
    },
    opened(socketId, ownerKey) {
      ownerOf.set(socketId, ownerKey);
      held.set(ownerKey, (held.get(ownerKey) ?? 0) + 1);
    },
    forget(socketId) {
      const ownerKey = ownerOf.get(socketId);
      ownerOf.delete(socketId);
      if (ownerKey !== undefined) {
        const left = (held.get(ownerKey) ?? 1) - 1;
        if (left > 0) held.set(ownerKey, left);
        else held.delete(ownerKey);
      }
      void socket.delete(socketId);
      void strikes.delete(socketId);
    },
  };
}
