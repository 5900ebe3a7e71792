import { Link } from 'react-router';
import styled from 'styled-components';
import { playerPath } from './paths';

const NameLink = styled(Link)`
  color: inherit;
  text-decoration: underline;
  text-decoration-color: ${({ theme }) => theme.colors.borderStrong};
  text-underline-offset: 2px;
  &:hover, &:focus-visible { color: ${({ theme }) => theme.colors.text}; text-decoration-color: currentColor; }
`;

/**
 * A player's @name: a link to their page for signed-in viewers (player pages need a session, so
 * visitors get plain text). `onFollow` runs when the link is followed, e.g. to close a dialog.
 */
export function PlayerName({ userId, username, linked, onFollow }: { userId: number; username: string; linked: boolean; onFollow?: () => void }) {
  if (!linked) return <>@{username}</>;
  return (
    <NameLink to={playerPath(userId)} onClick={onFollow}>
      @{username}
    </NameLink>
  );
}
