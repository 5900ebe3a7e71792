import { InlineLink } from '../../components/InlineLink';
import { playerPath } from './paths';
import type { UserId } from '@pog/common';

/**
 * A player's @name: a link to their page for signed-in viewers (player pages need a session, so
 * visitors get plain text). `onFollow` runs when the link is followed, e.g. to close a dialog.
 */
export function PlayerName({ userId, username, linked, onFollow, bare = false }: { userId: UserId; username: string; linked: boolean; onFollow?: () => void; bare?: boolean }) {
  // `bare`: the name alone, where a screen shows it without the @.
  const name = bare ? username : `@${username}`;
  if (!linked) return <>{name}</>;
  return (
    <InlineLink to={playerPath(userId)} onClick={onFollow}>
      {name}
    </InlineLink>
  );
}
