import { Link } from 'react-router';
import styled from 'styled-components';
import { DISPLAY, type UserId } from '@pog/common';
import { HeadingLevel } from '../../components/HeadingLevel';
import { Spinner } from '../../components/Spinner';
import { PogCard } from '../../features/pogs/components/PogCard';
import { useOwnPogActions } from '../../features/pogs/components/MyCollection';
import { useUserPogs } from '../../features/pogs/queries';
import { Muted, Panel, PanelHead, PanelTitle } from './studioStyles';

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
  gap: 0.75rem;
  justify-items: center;
`;

const AllLink = styled(Link)`
  font-size: 0.875rem;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.accent};
`;

/** The player's 4 newest own designs; their rarity and points arrive live once scored. */
export function MyCreatedPogs({ userId }: { userId: UserId }) {
  const query = useUserPogs(userId);
  const { tradeDialog, ...actions } = useOwnPogActions();
  const created = (query.data ?? []).filter((pog) => pog.creatorId === userId).slice(0, DISPLAY.studioPogs);
  return (
    <Panel aria-labelledby="my-created-title">
      <PanelHead>
        <PanelTitle id="my-created-title">My Created POGs</PanelTitle>
        <AllLink to="/collection">View collection</AllLink>
      </PanelHead>
      {query.isPending ? (
        <Spinner label="Loading your POGs..." />
      ) : created.length === 0 ? (
        <Muted>Your creations will appear here.</Muted>
      ) : (
        <HeadingLevel level={3}>
          <Grid aria-label="My Created POGs">
            {created.map((pog) => (
              <li key={pog.id}>
                <PogCard pog={pog} size="sm" viewerId={userId} {...actions} />
              </li>
            ))}
          </Grid>
        </HeadingLevel>
      )}
      {tradeDialog}
    </Panel>
  );
}
