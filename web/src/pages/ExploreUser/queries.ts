/** The player page's reads. Each state is shown on the page itself, so no global error toast. */
import { useQuery } from '@tanstack/react-query';
import type { Pog } from '@pog/common';
import { userPogsKey } from '../../features/pogs/keys';
import type { PlayerSummary } from '../../features/pogs/queries';
import { profileKey } from '../Profile/ProfileHeader';

/** GET /api/users/{id}: the public profile with the player's POG count. */
export function usePlayerProfile(playerId: number) {
  return useQuery<PlayerSummary>({ queryKey: profileKey(playerId), meta: { errorToast: false } });
}

/** GET /api/users/{id}/pogs: every POG the player holds (the live cache keeps it current). */
export function usePlayerPogs(playerId: number) {
  return useQuery<Pog[]>({ queryKey: userPogsKey(playerId), meta: { errorToast: false } });
}
