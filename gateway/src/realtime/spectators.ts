/**
 * Battle spectators: any socket, a signed-out one included, may join the room of a battle
 * (`battle:watch`) to see it change live and to be counted among its watchers.
 *
 * What they see comes from the outbox like everything else: every gateway's relay hands every
 * event to its hub, so each gateway tells its own spectators (`io.local`) when a battle changes; one
 * copy of the battle goes to the players' two streams, and only the challenger's is passed on.
 * The watcher count is the room's size across gateways (`fetchSockets` asks every gateway through
 * the Redis adapter when there is one), recounted after joins and leaves, at most once per
 * COUNT_EVERY_MS per battle on each gateway, and sent to the whole room.
 */
import { battleRoom, userStream, watchBattleSchema, type Battle, type BattleWatchers, type WatchAnswer } from '@pog/common';
import type { SequencedEvent } from '@pog/domain/outbox';
import type { Logger } from '@pog/domain/logging';
import type { IoServer, IoSocket } from './socket-server';
import type { StreamHub } from './stream-hub';

/** Battles one socket may watch at once (a page watches one). */
export const WATCH_LIMIT = 4;
/** How often a battle's count is sent at most, from one gateway. */
export const COUNT_EVERY_MS = 250;

type Spectator = IoSocket;

const ROOM_PREFIX = 'battle:';
const watchedRooms = (socket: Spectator) => [...socket.rooms].filter((room) => room.startsWith(ROOM_PREFIX));

/** The battle of a `battle:updated`/`battle:created` event, once (from the challenger's stream). */
function spectated(event: SequencedEvent): Battle | undefined {
  if (event.name !== 'battle:updated' && event.name !== 'battle:created') return undefined;
  const battle = event.payload as Battle;
  return event.stream === userStream(battle.challengerId) ? battle : undefined;
}

export interface Spectators {
  /** Handles a connected socket's watch and unwatch messages. */
  register(socket: Spectator): void;
}

export function attachSpectators(io: IoServer, hub: StreamHub, log: Logger): Spectators {
  const pending = new Map<number, NodeJS.Timeout>();

  const count = async (battleId: number): Promise<number> => (await io.in(battleRoom(battleId)).fetchSockets()).length;

  /** Recounts a battle's watchers soon, and tells them; joins and leaves in the meantime share the count. */
  const recount = (battleId: number) => {
    if (pending.has(battleId)) return;
    const timer = setTimeout(() => {
      void count(battleId).then(
        (watchers) => {
          pending.delete(battleId);
          const message: BattleWatchers = { battleId, count: watchers };
          io.to(battleRoom(battleId)).emit('battle:watchers', message);
        },
        (error: unknown) => {
          pending.delete(battleId);
          log.warn({ component: 'realtime', err: error instanceof Error ? error.message : String(error) }, 'counting spectators failed');
        },
      );
    }, COUNT_EVERY_MS);
    timer.unref();
    pending.set(battleId, timer);
  };

  hub.watch((event) => {
    const battle = spectated(event);
    if (battle) io.local.to(battleRoom(battle.id)).emit('battle:watched', battle);
  });

  const watch = async (socket: Spectator, raw: unknown): Promise<WatchAnswer> => {
    const parsed = watchBattleSchema.safeParse(raw);
    if (!parsed.success) return { ok: false, message: 'A battle id is required.' };
    const room = battleRoom(parsed.data.battleId);
    if (!socket.rooms.has(room) && watchedRooms(socket).length >= WATCH_LIMIT) return { ok: false, message: `You can watch at most ${WATCH_LIMIT} battles at once.` };
    await socket.join(room);
    recount(parsed.data.battleId);
    return { ok: true, count: await count(parsed.data.battleId) };
  };

  return {
    register(socket) {
      socket.on('battle:watch', (message: unknown, answer?: (answer: WatchAnswer) => void) => {
        void watch(socket, message).then(
          (result) => (typeof answer === 'function' ? answer(result) : undefined),
          () => (typeof answer === 'function' ? answer({ ok: false, message: 'Watching failed: try again.' }) : undefined),
        );
      });
      socket.on('battle:unwatch', (message) => {
        const parsed = watchBattleSchema.safeParse(message);
        if (!parsed.success) return;
        void socket.leave(battleRoom(parsed.data.battleId));
        recount(parsed.data.battleId);
      });
      // Still in its rooms while disconnecting: those battles lose a watcher.
      socket.on('disconnecting', () => {
        for (const room of watchedRooms(socket)) recount(Number(room.slice(ROOM_PREFIX.length)));
      });
    },
  };
}
