import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useSocketStore } from '../../stores/socket';
import { toast } from '../../stores/toasts';
import { endSession } from '../auth/session';
import { AUTH_TEXT } from '../auth/messages';
import { LOGOUT_MUTATION_KEY } from '../auth/useAuthActions';
import { applyLiveBattle } from '../battles/live';
import { applyChatDelta, applyChatReply } from '../chat/live';
import { addLiveNotification } from '../notifications/cache';
import { refreshStatsOn } from '../achievements/live';
import { applyLivePog } from '../pogs/live';
import { applyLiveTrade } from '../trades/live';
import { createGameSocket } from './socket';

/**
 * Keeps one live connection open while a player is signed in and routes server events into the
 * app: notifications into the bell, scored or edited POGs into every list, trades into the Trade
 * Center (and, once accepted, the swapped POGs into both collections), PogBot's answer as it is
 * written into the chat, a revoked session back to /auth. After a reconnect the
 * queries on screen are refetched, because events sent while disconnected are lost.
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
    const socket = createGameSocket();
    let connectedBefore = false;

    socket.on('connect', () => {
      setStatus('connected');
      if (connectedBefore) void queryClient.invalidateQueries({ refetchType: 'active' });
      connectedBefore = true;
    });
    socket.on('disconnect', (reason) => {
      // A server-side disconnect is final (e.g. the session ended); anything else reconnects.
      setStatus(reason === 'io server disconnect' || reason === 'io client disconnect' ? 'disconnected' : 'reconnecting');
    });
    socket.on('connect_error', () => setStatus(connectedBefore ? 'reconnecting' : 'connecting'));

    socket.on('notification', (notification) => {
      addLiveNotification(queryClient, notification);
      refreshStatsOn(queryClient, notification);
    });
    socket.on('pog:updated', (payload) => applyLivePog(queryClient, payload));
    socket.on('battle:created', (battle) => applyLiveBattle(queryClient, battle, userId));
    socket.on('battle:updated', (battle) => applyLiveBattle(queryClient, battle, userId));
    socket.on('trade:created', (trade) => applyLiveTrade(queryClient, trade, userId));
    socket.on('trade:updated', (trade) => applyLiveTrade(queryClient, trade, userId));
    socket.on('chat:delta', (delta) => applyChatDelta(delta));
    socket.on('chat:reply', () => applyChatReply(queryClient));
    socket.on('session:revoked', ({ reason }) => {
      // Our own logout ends the session too; its success toast says it better.
      if (queryClient.isMutating({ mutationKey: LOGOUT_MUTATION_KEY }) > 0) return;
      endSession(queryClient);
      navigate('/auth', { replace: true });
      toast({ title: AUTH_TEXT.sessionEndedTitle, description: reason, variant: 'destructive' });
    });

    setStatus('connecting');
    socket.connect();
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [userId, queryClient, navigate, setStatus]);
}
