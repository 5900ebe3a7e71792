import styled from 'styled-components';
import { Page } from '../../components/Page';
import { useCurrentUser } from '../../features/auth/useCurrentUser';
import { usePageTitle } from '../../hooks/usePageTitle';
import { ProfileHeader } from './ProfileHeader';

const Later = styled.p`
  margin-top: 1.5rem;
  padding: 1.25rem 1.5rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export default function ProfilePage() {
  usePageTitle('Profile');
  // RequireUser guards this route, so the session is loaded and signed in here.
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <Page>
      <ProfileHeader user={user} />
      <Later>Your stats, achievements and creator level are coming soon.</Later>
    </Page>
  );
}
