import styled from 'styled-components';
import { ButtonLink } from '../../components/Button';
import { Page } from '../../components/Page';
import { Tabs } from '../../components/Tabs';
import { AchievementList } from '../../features/achievements/components/AchievementList';
import { StatsCard } from '../../features/achievements/components/StatsCard';
import { useCurrentUser } from '../../features/auth/useCurrentUser';
import { usePageTitle } from '../../hooks/usePageTitle';
import { ProfileHeader } from './ProfileHeader';

const Stack = styled.div`
  display: grid;
  gap: 1.5rem;
`;

const Pointer = styled.div`
  display: grid;
  justify-items: start;
  gap: 0.75rem;
  p { color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** The Profile screen (product spec: screens): header, the stats card, and tabs Achievements, Collection and Battles. */
export default function ProfilePage() {
  usePageTitle('Profile');
  // RequireUser guards this route, so the session is loaded and signed in here.
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <Page>
      <Stack>
        <ProfileHeader user={user} />
        <StatsCard userId={user.id} />
        <Tabs
          label="Profile sections"
          items={[
            { id: 'achievements', label: 'Achievements', content: <AchievementList userId={user.id} /> },
            {
              id: 'collection',
              label: 'Collection',
              content: (
                <Pointer>
                  <p>Every POG you hold, with trading and battling from each card.</p>
                  <ButtonLink to="/collection">View Collection</ButtonLink>
                </Pointer>
              ),
            },
            {
              id: 'battles',
              label: 'Battles',
              content: (
                <Pointer>
                  <p>Challenge players, answer challenges and see your battle history.</p>
                  <ButtonLink to="/battle">Go to Battle Arena</ButtonLink>
                </Pointer>
              ),
            },
          ]}
        />
      </Stack>
    </Page>
  );
}
