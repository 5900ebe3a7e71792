/**
 * The live connection itself, loaded only once a player is signed in (useRealtime imports it
 * then): socket.io-client and every live-event handler stay out of the first page load.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import { StreamCursor, userStream, type User } from '@pog/common';
import type { SocketStatus } from '../../stores/socket';
import { toast } from '../../stores/toasts';
import { CURRENT_USER_KEY, endSession } from '../auth/session';
import { AUTH_TEXT } from '../auth/messages';
import { LOGOUT_MUTATION_KEY } from '../auth/useAuthActions';
import { applyLiveBattle } from '../battles/live';
import { applyChatDelta, applyChatReply } from '../chat/live';
import { addLiveNotification, applyLiveRead } from '../notifications/cache';
import { refreshStatsOn } from '../achievements/live';
import { refreshLeaderboards } from '../leaderboard/queries';
import { applyLivePog } from '../pogs/live';
import { applyLiveTrade } from '../trades/live';
import { incomingChallenge, incomingTrade, type IncomingToast } from './incoming';
import { bindLiveSocket } from './liveSocket';
import { createGameSocket } from './socket';

export interface RealtimeDeps {
  userId: number;
  queryClient: QueryClient;
  navigate: NavigateFunction;
  setStatus: (status: SocketStatus) => void;
}

/** Opens the player's live connection and routes its events into the app; returns the closer. */
export function connectRealtime({ userId, queryClient, navigate, setStatus }: RealtimeDeps): () => void {
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
  live.on('notifications:read', (read) => applyLiveRead(queryClient, read));
  live.on('pog:updated', (payload) => applyLivePog(queryClient, payload));
  // An offer or a challenge for this player also gets a toast with a link to it.
  const announce = (incoming: IncomingToast | null) => {
    if (incoming) toast({ title: incoming.title, description: incoming.description, action: { label: incoming.action.label, onClick: () => navigate(incoming.action.to) } });
  };
  live.on('battle:created', (battle) => {
    applyLiveBattle(queryClient, battle, userId);
    announce(incomingChallenge(battle, userId));
  });
  live.on('battle:updated', (battle) => applyLiveBattle(queryClient, battle, userId));
  live.on('trade:created', (trade) => {
    applyLiveTrade(queryClient, trade, userId);
    announce(incomingTrade(trade, userId));
  });
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
}
