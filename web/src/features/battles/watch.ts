/**
 * Watching one battle live from its public page, signed in or not: a watch-only connection of the
 * page's own (it joins no player stream) that joins the battle's spectators. Each change of the
 * battle arrives as `battle:watched`; how many watch, as `battle:watchers`. On every (re)join the
 * page reads the battle again, so a change made while it was away is not missed.
 */
import { useEffect, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { Battle, BattleId, ClientToServerEvents, ServerToClientEvents, SocketHandshakeAuth } from '@pog/common';

type WatchSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface BattleWatch {
  /** How many watch the page now (this one included), once known. */
  watchers: number | null;
  connected: boolean;
}

interface WatchHandlers {
  /** The battle as it changed. */
  onBattle: (battle: Battle) => void;
  /** Joined (again): whatever was shown may be stale. */
  onJoined: () => void;
}

function openWatchSocket(): WatchSocket {
  const auth: SocketHandshakeAuth = { watchOnly: true };
  return io({ path: '/socket.io', withCredentials: true, forceNew: true, transports: ['websocket'], reconnectionDelay: 500, reconnectionDelayMax: 1_500, auth });
}

export function useBattleWatch(battleId: BattleId | null, { onBattle, onJoined }: WatchHandlers): BattleWatch {
  const [watchers, setWatchers] = useState<number | null>(null);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (battleId === null) return;
    const socket = openWatchSocket();
    socket.on('connect', () => {
      setConnected(true);
      socket.emit('battle:watch', { battleId }, (answer) => {
        if (answer.ok) setWatchers(answer.count);
        onJoined();
      });
    });
    socket.on('disconnect', () => setConnected(false));
    socket.on('battle:watched', (battle) => {
      if (battle.id === battleId) onBattle(battle);
    });
    socket.on('battle:watchers', (update) => {
      if (update.battleId === battleId) setWatchers(update.count);
    });
    return () => {
      socket.close();
    };
    // The handlers are the page's, stable for one battle.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [battleId]);

  return { watchers, connected };
}
