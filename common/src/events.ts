/**
 * The typed Socket.IO contract. Event names are part of the API: later features emit these and the
 * web app listens to them. Payloads are full snapshots of the changed entity, never deltas.
 */
import type { Battle } from './battles/api';
import type { ChatDelta, ChatReplyEvent } from './chat/schemas';
import type { AdminUser } from './moderation/schemas';
import type { Pog } from './pogs/pog';
import type { Notification } from './schemas/notifications';
import type { Trade } from './trades/api';

export const SOCKET_EVENTS = [
  'notification',
  'trade:created',
  'trade:updated',
  'battle:created',
  'battle:updated',
  'pog:updated',
  'moderation:queue',
  'moderation:user',
  'session:revoked',
  'chat:delta',
  'chat:reply',
] as const;

export type ModerationAction = 'created' | 'reported' | 'flagged' | 'approved' | 'rejected' | 'deleted';

export interface ServerToClientEvents {
  notification: (notification: Notification) => void;
  'trade:created': (trade: Trade) => void;
  'trade:updated': (trade: Trade) => void;
  'battle:created': (battle: Battle) => void;
  'battle:updated': (battle: Battle) => void;
  'pog:updated': (pog: Pog) => void;
  'moderation:queue': (event: { action: ModerationAction; pog: Pog }) => void;
  /** A player banned or unbanned, to every admin: the Users tab follows other admins' actions. */
  'moderation:user': (event: { action: 'banned' | 'unbanned'; user: AdminUser }) => void;
  'session:revoked': (info: { reason: string }) => void;
  /** PogBot's answer while it is written: the one exception to full snapshots, made whole by `chat:reply`. */
  'chat:delta': (delta: ChatDelta) => void;
  /** A question and its answer, as stored. */
  'chat:reply': (reply: ChatReplyEvent) => void;
}

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ClientToServerEvents {}

export const userRoom = (userId: number) => `user:${userId}` as const;
export const ADMINS_ROOM = 'admins';
