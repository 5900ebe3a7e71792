/** The challenge button on other players' POG cards and profiles: it opens the Battle Arena with them preselected. */
import { ButtonLink } from '../../../components/Button';
import { SwordsIcon } from '../../../components/icons';
import { challengePath } from '../selection';

export function ChallengeLink({ opponentId, username, size = 'sm' }: { opponentId: number; username: string; size?: 'sm' | 'md' }) {
  return (
    <ButtonLink to={challengePath(opponentId)} $size={size} $variant="secondary" aria-label={`Challenge ${username} to a battle`}>
      <SwordsIcon />
      Challenge
    </ButtonLink>
  );
}
