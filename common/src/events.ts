/**
 * The typed Socket.IO contract. Event names are part of the API: the server emits these and the web
 * app listens to them. Payloads are full snapshots of the changed entity, never deltas.
 *
 * Durable events (every one but `chat:delta` and the stream controls) are written to the outbox in
 * the transaction that caused them and carry an `EventMeta` as their second argument: the event's id
 * and its position in its stream ('user:<id>' or 'admins'). A client remembers the last position it
 * applied, drops repeats, and resumes after that position when it reconnects (see docs/architecture.md).
 */
import { z } from 'zod';
import { battleSchema, type Battle } from './battles/api';
import { chatReplyEventSchema } from './chat/schemas';
import { moderationClaimEventSchema } from './moderation/claims';
import { adminUserSchema } from './moderation/schemas';
import { pogSchema } from './pogs/pog';
import { notificationSchema, notificationsReadSchema } from './schemas/notifications';
import { tradeSchema } from './trades/api';
import { battleIdField } from './schemas/ids';
import { matchesChangedSchema } from './wishlists/api';
import type { ChatDelta } from './chat/schemas';

export const MODERATION_ACTIONS = ['created', 'reported', 'flagged', 'approved', 'rejected', 'deleted'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Where a durable event stands: its id (unique, the same on every resend) and its place in its stream. */
export interface EventMeta {
  id: string;
  stream: string;
  position: number;
}

/**
 * The payloads of the durable events, by name: the schemas the web client parses each event with
 * (features/realtime/liveSocket.ts) before a handler sees it. Trades, battles, POGs and
 * notifications are the same schemas as the HTTP answers of the route table.
 */
export const durableEventSchemas = {
  notification: notificationSchema,
  /** Notifications were marked read (in any tab): `ids`, or every one when null; the unread count after it. */
  'notifications:read': notificationsReadSchema,
  'trade:created': tradeSchema,
  'trade:updated': tradeSchema,
  'battle:created': battleSchema,
  'battle:updated': battleSchema,
  'pog:updated': pogSchema,
  'moderation:queue': z.object({ action: z.enum(MODERATION_ACTIONS), pog: pogSchema }),
  /** A player signed up, was banned or unbanned, to every admin: the Users tab follows it live. */
  'moderation:user': z.object({ action: z.enum(['registered', 'banned', 'unbanned']), user: adminUserSchema }),
  /** A POG or a player was claimed, released, or acted on (which ends its claim), to every admin. */
  'moderation:claim': moderationClaimEventSchema,
  /** The player's session ended (a ban, a logout elsewhere): the socket is closed after this. */
  'session:revoked': z.object({ reason: z.string() }),
  /** A question and its answer, as stored. */
  'chat:reply': chatReplyEventSchema,
  /**
   * A POG was marked or unmarked as wanted or up for trade, or changed hands: the player's matches
   * may have changed. Not a snapshot (matches are computed per reader): the Matches panel reads again.
   */
  'matches:changed': matchesChangedSchema,
};

export type DurableEvents = { [E in keyof typeof durableEventSchemas]: z.infer<(typeof durableEventSchemas)[E]> };

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
  /**
   * A spectator's connection (a battle's public page): it joins no stream and may be signed out;
   * it only watches battles.
   */
  watchOnly?: boolean;
}

/** `battle:watch` and `battle:unwatch`: the battle whose room a socket joins or leaves. */
export const watchBattleSchema = z.object({ battleId: battleIdField() });
export type WatchBattle = z.infer<typeof watchBattleSchema>;

/** How many sockets watch a battle's page, on every gateway. */
export interface BattleWatchers {
  battleId: number;
  count: number;
}

/** The answer to `battle:watch`: watching (with the count then), or why not. */
export type WatchAnswer = { ok: true; count: number } | { ok: false; message: string };

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
  /**
   * To a battle's spectators (`battle:watch`): the battle as it changed (accepted, completed, ...),
   * live-only. The page refetches it when it (re)joins, so a lost one is made whole.
   */
  'battle:watched': (battle: Battle) => void;
  /** How many are watching a battle now: after joins and leaves, at most a few times a second. */
  'battle:watchers': (watchers: BattleWatchers) => void;
  /** A message from this socket was dropped: it sent too many. `closing`: the server closes the socket after this. */
  'socket:refused': (refusal: SocketRefusal) => void;
}

/**
 * Why the server dropped a socket's message: too many in a short time. The catalogue's
 * RATE_LIMITED message; the socket may send again after `retryAfterSeconds`.
 */
export interface SocketRefusal {
  code: 'RATE_LIMITED';
  message: string;
  retryAfterSeconds: number;
  /** The name of the message dropped. */
  event: string;
  closing: boolean;
}

export interface ClientToServerEvents {
  /** Asks for the events after these positions (a gap was seen); answered by events and `stream:state`. */
  sync: (positions: StreamPositions) => void;
  /** Joins a battle's spectators (anyone may); answered with the count. */
  'battle:watch': (message: WatchBattle, answer?: (answer: WatchAnswer) => void) => void;
  'battle:unwatch': (message: WatchBattle) => void;
}
