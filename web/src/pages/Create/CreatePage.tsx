import { useState } from 'react';
import styled from 'styled-components';
import { Page, PageHeader, PageLead, PageTitle } from '../../components/Page';
import { Tabs } from '../../components/Tabs';
import { useCurrentUser } from '../../features/auth/useCurrentUser';
import { MyCollection } from '../../features/pogs/components/MyCollection';
import { usePageTitle } from '../../hooks/usePageTitle';
import { ActiveTrades } from './ActiveTrades';
import { CreatorStudio } from './CreatorStudio';

const Body = styled.div`
  margin-top: 1.5rem;
`;

type StudioTab = 'studio' | 'collection' | 'trades';

/** /create (and the header's "/"): the Creator Studio with My Collection and Trade Center beside it. */
export default function CreatePage() {
  usePageTitle('Creator Studio');
  const { data: user } = useCurrentUser();
  const [tab, setTab] = useState<StudioTab>('studio');
  // The route guard only renders this screen for a signed-in player.
  if (!user) return null;
  return (
    <Page>
      <PageHeader>
        <PageTitle>Creator Studio</PageTitle>
        <PageLead>Design your own POGs: colours, images, text and fonts.</PageLead>
      </PageHeader>
      <Body>
        <Tabs<StudioTab>
          label="Creator Studio sections"
          value={tab}
          onValueChange={setTab}
          items={[
            { id: 'studio', label: 'Creator Studio', content: <CreatorStudio user={user} /> },
            { id: 'collection', label: 'My Collection', content: <MyCollection userId={user.id} /> },
            { id: 'trades', label: 'Trade Center', content: <ActiveTrades userId={user.id} /> },
          ]}
        />
      </Body>
    </Page>
  );
}
