import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useQuery } from '@tanstack/react-query';
import { apiPaths, type User, type UserId } from '@pog/common';
import { callUrl, routeQuery } from '../../api/client';
import { Avatar } from '../../components/Avatar';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { ProfileHighlights } from '../../features/achievements/components/ProfileHighlights';
import { ArenaWinnerBadges } from '../../features/leaderboard/arena';

/** GET /api/users/{id}: the public profile, role included (product spec: calls). */
export const profileKey = (userId: UserId) => [callUrl(apiPaths.users.get, { params: { id: userId } })] as const;

const Card = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 1.25rem;
  padding: 1.5rem;
  border-radius: ${({ theme }) => theme.radii.xl};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

const Names = styled.div`
  display: grid;
  gap: 0.2rem;
  h1 { display: flex; flex-wrap: wrap; align-items: center; gap: 0.6rem; font-family: ${({ theme }) => theme.fonts.display}; font-size: 2.25rem; letter-spacing: 0.04em; }
  p { color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** The header's own buttons (e.g. Challenge), pushed to the far side of the card. */
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.6rem;
  margin-left: auto;
`;

const Failed = styled.div`
  display: grid;
  justify-items: start;
  gap: 0.5rem;
  h1 { font-size: 1.35rem; }
`;

/**
 * The profile header (product spec: screens, Profile): avatar initials on the player's colour, display
 * name, @username, the Admin badge when the role is admin, and the player's streak, creations,
 * member line and creator level. Starts from the signed-in user and
 * is refreshed from the profile call. Another player's page passes their profile and its `actions`.
 */
export function ProfileHeader({ user, actions }: { user: User; actions?: ReactNode }) {
  const profile = useQuery({ ...routeQuery(apiPaths.users.get, { params: { id: user.id } }), meta: { errorToast: false } });
  // The signed-in user stands in until the profile arrives.
  const shown = profile.data ?? user;

  if (profile.isError && profile.data === undefined) {
    return (
      <Failed role="alert">
        <h1>Error Loading Profile</h1>
        <Button $variant="secondary" onClick={() => window.location.reload()}>
          Retry
        </Button>
      </Failed>
    );
  }

  return (
    <Card aria-label="Profile">
      <Avatar initials={shown.avatarInitials} color={shown.avatarColor} size={88} />
      <Names>
        <h1>
          {shown.displayName || shown.username}
          {shown.role === 'admin' && <Badge $variant="default">Admin</Badge>}
        </h1>
        <p>@{shown.username}</p>
        <ArenaWinnerBadges userId={shown.id} />
        <ProfileHighlights userId={shown.id} />
      </Names>
      {profile.isFetching && profile.data === undefined && <Spinner size={18} label="Loading profile..." />}
      {actions && <Actions>{actions}</Actions>}
    </Card>
  );
}
