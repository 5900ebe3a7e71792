/**
 * How server code pushes events to browsers without knowing where the sockets live. The gateway
 * implements it over its Socket.IO server (fanned out by the Redis adapter); a separate worker
 * process implements it with the Redis emitter. Call it only after the transaction has committed.
 */
import type { ServerEventName, ServerEventPayload } from '../events';

export interface RealtimePublisher {
  toUser<E extends ServerEventName>(userId: number, event: E, payload: ServerEventPayload<E>): void;
  toAdmins<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void;
  /** Tells a user's sockets their session ended and disconnects them (ban, logout everywhere). */
  revokeUser(userId: number, reason: string): void;
}

/** Collects events during a unit of work and publishes them once it has committed. */
export class PendingEvents {
  private readonly queued: Array<(publisher: RealtimePublisher) => void> = [];

  toUser<E extends ServerEventName>(userId: number, event: E, payload: ServerEventPayload<E>): void {
    this.queued.push((p) => p.toUser(userId, event, payload));
  }

  toAdmins<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void {
    this.queued.push((p) => p.toAdmins(event, payload));
  }

  revokeUser(userId: number, reason: string): void {
    this.queued.push((p) => p.revokeUser(userId, reason));
  }

  /** Takes over another collection's events (after this one's), leaving it empty. */
  adopt(other: PendingEvents): void {
    this.queued.push(...other.queued.splice(0));
  }

  publish(publisher: RealtimePublisher): void {
    for (const send of this.queued.splice(0)) send(publisher);
  }
}
