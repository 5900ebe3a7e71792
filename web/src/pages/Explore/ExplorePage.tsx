import { useState } from 'react';
import styled from 'styled-components';
import type { Pog, PogSort, User } from '@pog/common';
import { ButtonLink } from '../../components/Button';
import { Page, PageHeader, PageLead, PageTitle } from '../../components/Page';
import { PageSpinner } from '../../components/Spinner';
import { Tabs } from '../../components/Tabs';
import { useCurrentUser } from '../../features/auth/useCurrentUser';
import { FirstStepsChecklist, useFirstStepsSettled } from '../../features/onboarding/FirstStepsChecklist';
import { ReportPog } from '../../features/reports/ReportPog';
import { PogDetailDialog } from '../../features/pogs/components/PogDetailDialog';
import { POG_TEXT } from '../../features/pogs/messages';
import { tradeIntent } from '../../features/pogs/trade';
import { useTradeDialog } from '../../features/trades/useTradeDialog';
import { usePageTitle } from '../../hooks/usePageTitle';
import { toast } from '../../stores/toasts';
import { ExploreFilters, SearchField } from './ExploreFilters';
import { PogResults } from './PogResults';
import { useExploreView } from './useExploreView';

const Header = styled(PageHeader)`
  grid-template-columns: 1fr auto;
  align-items: end;
  gap: 0.75rem 1.5rem;
`;

const Section = styled.div`
  display: grid;
  gap: 1.25rem;
  margin-top: 1.5rem;
`;

/**
 * /explore: the signed-in Explore screen, or the public Discover page for visitors. The list does
 * not wait for the session: its first page was asked for when navigation began (firstPage.ts).
 */
export default function ExplorePage() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageSpinner />;
  return user ? <ExplorePogs user={user} /> : <DiscoverPogs />;
}

function ExplorePogs({ user }: { user: User }) {
  // The list is the screen's content: it says when it is drawn (PogResults).
  usePageTitle('Explore Pogs', false);
  const { openTrade, dialog: tradeDialog } = useTradeDialog();
  const { values, setValues, sort, setSort, filters } = useExploreView(true);
  const [selected, setSelected] = useState<Pog | null>(null);
  // The first steps panel sits above the list: the list waits for it rather than jump down under it.
  const stepsSettled = useFirstStepsSettled(user.id);

  const onTrade = (pog: Pog) => {
    const intent = tradeIntent(pog, user.id, 'explore');
    if (intent.kind === 'own') {
      toast({ title: POG_TEXT.ownTradeTitle, description: POG_TEXT.ownTradeMessage, variant: 'destructive' });
      return;
    }
    openTrade({ request: { pogId: pog.id, ownerId: pog.userId } });
  };

  const results = (label: string) => <PogResults filters={filters} label={label} viewerId={user.id} onSelect={setSelected} onTrade={onTrade} />;

  return (
    <Page>
      <Header>
        <div>
          <PageTitle>Explore Pogs</PageTitle>
          <PageLead>Browse the POGs of the whole federation, trending and recently created.</PageLead>
        </div>
      </Header>
      {stepsSettled && (
        <Section>
          <FirstStepsChecklist userId={user.id} />
          <ExploreFilters value={values} onChange={setValues} />
          <Tabs<PogSort>
            label="Sort POGs"
            value={sort}
            onValueChange={setSort}
            items={[
              { id: 'trending', label: 'Trending', content: results('Trending POGs') },
              { id: 'recent', label: 'Recently Created', content: results('Recently created POGs') },
            ]}
          />
        </Section>
      )}
      <PogDetailDialog pog={selected} onClose={() => setSelected(null)} linkPlayers actions={selected && <ReportPog key={selected.id} pog={selected} viewerId={user.id} />} />
      {tradeDialog}
    </Page>
  );
}

/** What visitors get at /explore: the public Discover page (product spec: screens, Other screens). */
function DiscoverPogs() {
  usePageTitle('Discover Pogs', false);
  const { values, setValues, filters } = useExploreView(false);
  const [selected, setSelected] = useState<Pog | null>(null);
  const signIn = <ButtonLink to="/auth">Sign In to Create</ButtonLink>;
  return (
    <Page>
      <Header>
        <div>
          <PageTitle>Discover Pogs</PageTitle>
          <PageLead>Collectible discs designed by players of the federation. Sign in to make your own.</PageLead>
        </div>
        {signIn}
      </Header>
      <Section>
        <SearchField label="Search by name" value={values.search} onChange={(search) => setValues({ ...values, search })} />
        <PogResults filters={filters} label="POGs" viewerId={null} onSelect={setSelected} />
      </Section>
      <PogDetailDialog pog={selected} onClose={() => setSelected(null)} actions={signIn} />
    </Page>
  );
}
