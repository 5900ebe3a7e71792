import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { userStream, type User } from '@pog/common';
import { useSocketStore } from '../../stores/socket';
import { toast } from '../../stores/toasts';
import { CURRENT_USER_KEY, endSession } from '../auth/session';
import { AUTH_TEXT } from '../auth/messages';
import { LOGOUT_MUTATION_KEY } from '../auth/useAuthActions';
import { applyLiveBattle } from '../battles/live';
import { applyChatDelta, applyChatReply } from '../chat/live';
import { addLiveNotification } from '../notifications/cache';
import { refreshStatsOn } from '../achievements/live';
import { refreshLeaderboards } from '../leaderboard/queries';
import { applyLivePog } from '../pogs/live';
import { applyLiveTrade } from '../trades/live';
import { bindLiveSocket } from './liveSocket';
import { createGameSocket } from './socket';
import { StreamCursor } from '@pog/common';

/**
 * Keeps one live connection open while a player is signed in and routes server events into the
 * app: notifications into the bell, scored or edited POGs into every list, trades into the Trade
 * Center (and, once accepted, the swapped POGs into both collections), PogBot's answer as it is
 * written into the chat, a revoked session back to /auth. Events missed while disconnected are
 * replayed by the server from where this page left off; only when they are gone does the page
 * refetch what it shows.
 */
export function useRealtime(userId: number | null): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const setStatus = useSocketStore((state) => state.setStatus);

  useEffect(() => {
    if (userId === null) {
      setStatus('disconnected');
      return;
    }
    const cursor = new StreamCursor();
    // The data on screen was read at (or after) this position: resume right after it.
    cursor.seed(userStream(userId), queryClient.getQueryData<User | null>(CURRENT_USER_KEY)?.streamPosition);
    const socket = createGameSocket(cursor);
    const live = bindLiveSocket({
      socket,
      cursor,
      onStatus: setStatus,
      onReset: () => void queryClient.invalidateQueries({ refetchType: 'active' }),
    });

    live.on('notification', (notification) => {
      addLiveNotification(queryClient, notification);
      refreshStatsOn(queryClient, notification);
    });
    live.on('pog:updated', (payload) => applyLivePog(queryClient, payload));
    live.on('battle:created', (battle) => applyLiveBattle(queryClient, battle, userId));
    live.on('battle:updated', (battle) => applyLiveBattle(queryClient, battle, userId));
    live.on('trade:created', (trade) => applyLiveTrade(queryClient, trade, userId));
    live.on('trade:updated', (trade) => applyLiveTrade(queryClient, trade, userId));
    live.on('chat:reply', () => applyChatReply(queryClient));
    socket.on('chat:delta', (delta) => applyChatDelta(delta));
    socket.on('leaderboard:changed', () => refreshLeaderboards(queryClient));
    socket.on('session:revoked', ({ reason }) => {
      // Our own logout ends the session too; its success toast says it better.
      if (queryClient.isMutating({ mutationKey: LOGOUT_MUTATION_KEY }) > 0) return;
      endSession(queryClient);
      navigate('/auth', { replace: true });
      toast({ title: AUTH_TEXT.sessionEndedTitle, description: reason, variant: 'destructive' });
    });
    return () => live.close();
  }, [userId, queryClient, navigate, setStatus]);
}
