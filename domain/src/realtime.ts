/**
 * The one push that does not go through the outbox: PogBot's answer while it is being written
 * (`chat:delta`). Pieces of an unfinished answer are not worth keeping; the stored answer arrives
 * durably as `chat:reply`. The gateway implements this over its Socket.IO server; a worker-only
 * process through the Socket.IO Redis adapter's channel.
 */
import type { ChatDelta } from '@pog/common/chat/schemas';
import type { UserId } from '@pog/common/schemas/ids';

export interface LiveChannel {
  chatDelta(userId: UserId, delta: ChatDelta): void;
}

/** Forwards to whichever channel the process ends up with (processors are built before the socket server). */
export class DeferredLiveChannel implements LiveChannel {
  private target: LiveChannel | undefined;

  use(target: LiveChannel): void {
    this.target = target;
  }

  chatDelta(userId: UserId, delta: ChatDelta): void {
    this.target?.chatDelta(userId, delta);
  }
}

/**
 * The pub/sub key shared by the gateways' Socket.IO Redis adapter and a worker's emitter:
 * `createAdapter(pub, sub, { key: socketIoRedisKey(prefix) })`, i.e. `${prefix}:socket.io`.
 */
export function socketIoRedisKey(prefix: string): string {
  return `${prefix}:socket.io`;
}
