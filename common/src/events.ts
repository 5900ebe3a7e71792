/**
 * The typed Socket.IO contract. Event names are part of the API: later features emit these and the
 * web app listens to them. Payloads are full snapshots of the changed entity, never deltas.
 */
import type { Notification } from './schemas/notifications';

export const SOCKET_EVENTS = [
  'notification',
  'trade:created',
  'trade:updated',
  'battle:created',
  'battle:updated',
  'pog:updated',
  'moderation:queue',
  'session:revoked',
] as const;

export type ModerationAction = 'created' | 'reported' | 'flagged' | 'approved' | 'rejected' | 'deleted';

/** Entities later issues define; kept open here so that the event map is stable. */
export type EntitySnapshot = { id: number } & Record<string, unknown>;

export interface ServerToClientEvents {
  notification: (notification: Notification) => void;
  'trade:created': (trade: EntitySnapshot) => void;
  'trade:updated': (trade: EntitySnapshot) => void;
  'battle:created': (battle: EntitySnapshot) => void;
  'battle:updated': (battle: EntitySnapshot) => void;
  'pog:updated': (pog: EntitySnapshot) => void;
  'moderation:queue': (event: { action: ModerationAction; pog: EntitySnapshot }) => void;
  'session:revoked': (info: { reason: string }) => void;
}

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ClientToServerEvents {}

export const userRoom = (userId: number) => `user:${userId}` as const;
export const ADMINS_ROOM = 'admins';
