/** The player page's reads. Each state is shown on the page itself, so no global error toast. */
import { useQuery } from '@tanstack/react-query';
import { apiPaths, type UserId } from '@pog/common';
import { routeQuery } from '../../api/client';

/** GET /api/users/{id}: the public profile with the player's POG count. */
export function usePlayerProfile(playerId: UserId) {
  return useQuery({ ...routeQuery(apiPaths.users.get, { params: { id: playerId } }), meta: { errorToast: false } });
}

/** GET /api/users/{id}/pogs: every POG the player holds (the live cache keeps it current). */
export function usePlayerPogs(playerId: UserId) {
  return useQuery({ ...routeQuery(apiPaths.users.pogs, { params: { id: playerId } }), meta: { errorToast: false } });
}
