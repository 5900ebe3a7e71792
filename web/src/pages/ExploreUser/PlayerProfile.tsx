import styled from 'styled-components';
import type { User, UserId } from '@pog/common';
import { toAppError } from '../../api/errors';
import { ButtonLink } from '../../components/Button';
import { ErrorPanel } from '../../components/ErrorPanel';
import { NoticePanel } from '../../components/NoticePanel';
import { Page } from '../../components/Page';
import { PageSpinner } from '../../components/Spinner';
import { ChallengeLink } from '../../features/battles/components/ChallengeLink';
import { PLAYER_PAGE_PATH } from '../../features/players/paths';
import { usePageTitle } from '../../hooks/usePageTitle';
import { ProfileHeader } from '../Profile/ProfileHeader';
import { shownName } from './playerSearch';
import { PlayerBattles } from './PlayerBattles';
import { PlayerPogs } from './PlayerPogs';
import { usePlayerProfile } from './queries';

const Missing = styled(NoticePanel)`
  h1 { font-size: 1.5rem; }
  p { color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** One player's page: who they are, a Challenge button (not on your own page), their POGs and latest battles. */
export function PlayerProfile({ playerId, viewer }: { playerId: UserId; viewer: User }) {
  const profile = usePlayerProfile(playerId);
  const player = profile.data;
  usePageTitle(player ? shownName(player) : 'Player');

  if (profile.isPending) return <PageSpinner label="Loading player..." />;
  if (profile.isError) {
    return <Page>{toAppError(profile.error).code === 'NOT_FOUND' ? <PlayerNotFound /> : <ErrorPanel error={profile.error} onRetry={() => void profile.refetch()} />}</Page>;
  }

  // Your own page links to your Profile rather than offering to battle yourself.
  const actions = profile.data.id === viewer.id ? (
    <ButtonLink to="/profile" $variant="secondary" $size="md">
      Go to My Profile
    </ButtonLink>
  ) : (
    <ChallengeLink opponentId={profile.data.id} username={profile.data.username} size="md" />
  );

  return (
    <Page>
      <ProfileHeader user={profile.data} actions={actions} />
      <PlayerPogs player={profile.data} viewerId={viewer.id} />
      <PlayerBattles player={profile.data} />
    </Page>
  );
}

function PlayerNotFound() {
  return (
    <Missing role="alert" aria-labelledby="player-not-found">
      <h1 id="player-not-found">Player not found</h1>
      <p>There is no player with this id. They may have been removed, or the link is wrong.</p>
      <ButtonLink to={PLAYER_PAGE_PATH} $variant="secondary">
        Browse players
      </ButtonLink>
    </Missing>
  );
}
