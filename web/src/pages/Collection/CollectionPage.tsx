import styled from 'styled-components';
import { Page, PageHeader, PageLead, PageTitle } from '../../components/Page';
import { useCurrentUser } from '../../features/auth/useCurrentUser';
import { MyCollection } from '../../features/pogs/components/MyCollection';
import { usePageTitle } from '../../hooks/usePageTitle';

const Body = styled.div`
  margin-top: 1.5rem;
`;

/** /collection: every POG the player holds, with edit, delete and trade on each. */
export default function CollectionPage() {
  usePageTitle('My Collection');
  // The route guard only renders this for a signed-in player.
  const { data: user } = useCurrentUser();
  return (
    <Page>
      <PageHeader>
        <PageTitle>My Collection</PageTitle>
        <PageLead>Every POG you created or won, in one place.</PageLead>
      </PageHeader>
      <Body>{user && <MyCollection userId={user.id} />}</Body>
    </Page>
  );
}
