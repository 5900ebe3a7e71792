import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../features/auth/useCurrentUser';
import { playerIdFromParam } from '../../features/players/paths';
import { PlayerPicker } from './PlayerPicker';
import { PlayerProfile } from './PlayerProfile';

/**
 * /explore-user: another player's page at `?id={userId}` (their profile header, a Challenge
 * button and their POGs), or the player picker when no usable id is given.
 */
export default function ExploreUserPage() {
  const [params] = useSearchParams();
  // RequireUser guards this route, so the session is loaded and signed in here.
  const { data: viewer } = useCurrentUser();
  if (!viewer) return null;
  const playerId = playerIdFromParam(params.get('id'));
  // Keyed by id: moving from one player to another starts a fresh page (dialogs closed, state reset).
  return playerId === null ? <PlayerPicker viewerId={viewer.id} /> : <PlayerProfile key={playerId} playerId={playerId} viewer={viewer} />;
}
