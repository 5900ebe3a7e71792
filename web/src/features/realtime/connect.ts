/**
 * The live connection itself, loaded only once a player is signed in (useRealtime imports it
 * then): socket.io-client stays out of the first page load. What applies the durable events (their
 * handlers and the schemas they are parsed with, which need zod) loads with the first event.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import { StreamCursor, type User, type UserId, userStream } from '@pog/common';
import type { SocketStatus } from '../../stores/socket';
import { toast } from '../../stores/toasts';
import { CURRENT_USER_KEY, endSession } from '../auth/session';
import { AUTH_TEXT } from '../auth/messages';
import { LOGOUT_MUTATION_KEY } from '../auth/useAuthActions';
import { applyChatDelta } from '../chat/live';
import { refreshLeaderboards } from '../leaderboard/queries';
import { inOrderOnceLoaded } from './inOrder';
import { takeFirstReadPosition } from './readPositions';
import type { PlayerEventName } from './liveHandlers';
import { bindLiveSocket } from './liveSocket';
import { createGameSocket } from './socket';

export interface RealtimeDeps {
  userId: UserId;
  queryClient: QueryClient;
  navigate: NavigateFunction;
  setStatus: (status: SocketStatus) => void;
}

const PLAYER_EVENTS = [
  'notification',
  'notifications:read',
  'pog:updated',
  'battle:created',
  'battle:updated',
  'trade:created',
  'trade:updated',
  'chat:reply',
  'matches:changed',
] as const satisfies readonly PlayerEventName[];

/** Opens the player's live connection and routes its events into the app; returns the closer. */
export function connectRealtime({ userId, queryClient, navigate, setStatus }: RealtimeDeps): () => void {
  const cursor = new StreamCursor();
  // Resume right after the latest GET /api/user answer. Data the page read before it may have missed
  // events up to there (readPositions.ts): if the position moved while the page loaded, what the page
  // shows is read again once the connection has caught up.
  const latest = queryClient.getQueryData<User | null>(CURRENT_USER_KEY)?.streamPosition;
  const first = takeFirstReadPosition(userId);
  cursor.seed(userStream(userId), latest);
  const refetchShown = () => void queryClient.invalidateQueries({ refetchType: 'active' });
  const socket = createGameSocket(cursor);
  const live = bindLiveSocket({ socket, cursor, onStatus: setStatus, onReset: refetchShown });
  if (first !== undefined && latest !== undefined && latest > first) socket.once('stream:state', refetchShown);

  // Each durable event, parsed and in stream order, goes to its handler (liveHandlers.ts, loaded
  // with the first one).
  const handlers = inOrderOnceLoaded(() => import('./liveHandlers').then((module) => module.playerEventHandlers({ userId, queryClient, navigate })), 'live event');
  const forward = <E extends PlayerEventName>(event: E) => live.on(event, (payload) => handlers.run((handle) => handle[event](payload)));
  PLAYER_EVENTS.forEach(forward);
  socket.on('chat:delta', (delta) => applyChatDelta(delta));
  socket.on('leaderboard:changed', () => refreshLeaderboards(queryClient));
  socket.on('session:revoked', ({ reason }) => {
    // Our own logout ends the session too; its success toast says it better.
    if (queryClient.isMutating({ mutationKey: LOGOUT_MUTATION_KEY }) > 0) return;
    endSession(queryClient);
    navigate('/auth', { replace: true });
    toast({ title: AUTH_TEXT.sessionEndedTitle, description: reason, variant: 'destructive' });
  });
  return () => {
    handlers.stop();
    live.close();
  };
}
