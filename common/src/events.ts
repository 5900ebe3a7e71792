/**
 * The typed Socket.IO contract. Event names are part of the API: the server emits these and the web
 * app listens to them. Payloads are full snapshots of the changed entity, never deltas.
 *
 * Durable events (every one but `chat:delta` and the stream controls) are written to the outbox in
 * the transaction that caused them and carry an `EventMeta` as their second argument: the event's id
 * and its position in its stream ('user:<id>' or 'admins'). A client remembers the last position it
 * applied, drops repeats, and resumes after that position when it reconnects (see docs/architecture.md).
 */
import type { Battle } from './battles/api';
import type { ChatDelta, ChatReplyEvent } from './chat/schemas';
import type { AdminUser } from './moderation/schemas';
import type { Pog } from './pogs/pog';
import type { Notification, NotificationsRead } from './schemas/notifications';
import type { Trade } from './trades/api';

export type ModerationAction = 'created' | 'reported' | 'flagged' | 'approved' | 'rejected' | 'deleted';

/** Where a durable event stands: its id (unique, the same on every resend) and its place in its stream. */
export interface EventMeta {
  id: string;
  stream: string;
  position: number;
}

/** The payloads of the durable events, by name. */
export interface DurableEvents {
  notification: Notification;
  /** Notifications were marked read (in any tab): `ids`, or every one when null; the unread count after it. */
  'notifications:read': NotificationsRead;
  'trade:created': Trade;
  'trade:updated': Trade;
  'battle:created': Battle;
  'battle:updated': Battle;
  'pog:updated': Pog;
  'moderation:queue': { action: ModerationAction; pog: Pog };
  /** A player signed up, was banned or unbanned, to every admin: the Users tab follows it live. */
  'moderation:user': { action: 'registered' | 'banned' | 'unbanned'; user: AdminUser };
  /** The player's session ended (a ban, a logout elsewhere): the socket is closed after this. */
  'session:revoked': { reason: string };
  /** A question and its answer, as stored. */
  'chat:reply': ChatReplyEvent;
}

export type DurableEventName = keyof DurableEvents;

/**
 * After a (re)connection, and after a `sync`, the server says where each stream stands. `reset`
 * means events were missed that can no longer be replayed (first connection, or a gap older than the
 * outbox keeps): the client refetches what it shows and continues from `position`.
 */
export interface StreamState {
  stream: string;
  position: number;
  reset: boolean;
}

/** Positions a client has applied, by stream. */
export type StreamPositions = Record<string, number>;

/** What a client sends in its handshake (`auth`): where to resume each stream. */
export interface SocketHandshakeAuth {
  positions?: StreamPositions;
}

/** Durable events the client applies in stream order; `session:revoked` ends the connection instead. */
export type PositionedEventName = Exclude<DurableEventName, 'session:revoked'>;

type PositionedHandlers = { [E in PositionedEventName]: (payload: DurableEvents[E], meta: EventMeta) => void };

export interface ServerToClientEvents extends PositionedHandlers {
  /** The session ended (a ban, a logout elsewhere); the server closes the socket after it. */
  'session:revoked': (info: DurableEvents['session:revoked']) => void;
  /** PogBot's answer while it is written: not durable (a lost piece is made whole by `chat:reply`). */
  'chat:delta': (delta: ChatDelta) => void;
  'stream:state': (state: StreamState) => void;
  /**
   * A battle or a trade completed, so the leaderboards changed: live-only, derived by each gateway
   * from the outbox events it relays (at most one a second); an open leaderboard refetches.
   */
  'leaderboard:changed': () => void;
}

export interface ClientToServerEvents {
  /** Asks for the events after these positions (a gap was seen); answered by events and `stream:state`. */
  sync: (positions: StreamPositions) => void;
}

export const userStream = (userId: number) => `user:${userId}` as const;
export const ADMINS_STREAM = 'admins';

/** The Socket.IO room of a player's sockets, for the one live-only event (`chat:delta`). */
export const userRoom = (userId: number) => `user:${userId}` as const;
