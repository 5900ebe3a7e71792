import { useState } from 'react';
import styled from 'styled-components';
import type { User } from '@pog/common';
import { Page, PageHeader, PageLead, PageTitle } from '../../components/Page';
import { PageSpinner } from '../../components/Spinner';
import { Tabs } from '../../components/Tabs';
import { useCurrentUser } from '../../features/auth/useCurrentUser';
import { ArenaOverlays } from '../../features/battles/components/ArenaOverlays';
import { BattleHistory, OpenBattles } from '../../features/battles/components/BattleLists';
import { ChallengeForm } from '../../features/battles/components/ChallengeForm';
import { SignedOutNotice } from '../../features/battles/components/Notices';
import { BATTLE_TEXT } from '../../features/battles/messages';
import { useArenaParams } from '../../features/battles/useArenaParams';
import { usePageTitle } from '../../hooks/usePageTitle';
import { PageTabBar } from './PageTabBar';

const Body = styled.div`
  display: grid;
  gap: 1.5rem;
  margin-top: 1.5rem;
`;

type ArenaTab = 'pending' | 'create' | 'history';

/** /battle-refactored, variant B: Pending Battles, Create Battle (coin flips) and Battle History. */
export default function BattleRefactoredPage() {
  usePageTitle(BATTLE_TEXT.title);
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageSpinner />;
  return (
    <Page>
      <PageHeader>
        <PageTitle>{BATTLE_TEXT.title}</PageTitle>
        <PageLead>{BATTLE_TEXT.lead}</PageLead>
      </PageHeader>
      <Body>
        <PageTabBar />
        {user ? <Arena viewer={user} /> : <SignedOutNotice />}
      </Body>
    </Page>
  );
}

function Arena({ viewer }: { viewer: User }) {
  const { opponentParam, battleId, openDetails, closeDetails } = useArenaParams();
  const [tab, setTab] = useState<ArenaTab>('pending');
  const lists = { viewer, flipLabel: BATTLE_TEXT.flipB, onDetails: openDetails };

  return (
    <div>
      <Tabs<ArenaTab>
        label="Battle Arena sections"
        value={tab}
        onValueChange={setTab}
        items={[
          { id: 'pending', label: BATTLE_TEXT.pendingTab, content: <OpenBattles {...lists} label={BATTLE_TEXT.pendingTab} /> },
          {
            id: 'create',
            label: BATTLE_TEXT.createTab,
            content: <ChallengeForm viewer={viewer} fixedType="flip" opponentParam={opponentParam} title="Flip for it" onSent={() => setTab('pending')} />,
          },
          { id: 'history', label: BATTLE_TEXT.historyTab, content: <BattleHistory {...lists} /> },
        ]}
      />
      <ArenaOverlays battleId={battleId} onDetails={openDetails} onCloseDetails={closeDetails} />
    </div>
  );
}
