/**
 * Processors are built before the Socket.IO server exists (and, in a worker-only process, without
 * one). This forwards to whichever publisher the process ends up with.
 */
import type { ServerEventName, ServerEventPayload } from '@pog/common';
import type { RealtimePublisher } from '@pog/common/server';

export class DeferredPublisher implements RealtimePublisher {
  private target: RealtimePublisher | undefined;

  use(target: RealtimePublisher): void {
    this.target = target;
  }

  toUser<E extends ServerEventName>(userId: number, event: E, payload: ServerEventPayload<E>): void {
    this.target?.toUser(userId, event, payload);
  }

  toAdmins<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void {
    this.target?.toAdmins(event, payload);
  }

  revokeUser(userId: number, reason: string): void {
    this.target?.revokeUser(userId, reason);
  }
}
