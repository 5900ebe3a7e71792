import { useState } from 'react';
import type { User } from '@pog/common';
import { Tabs } from '../../components/Tabs';
import { ArenaOverlays } from '../../features/battles/components/ArenaOverlays';
import { ArenaPage } from '../../features/battles/components/ArenaPage';
import { BattleHistory, OpenBattles } from '../../features/battles/components/BattleLists';
import { ChallengeForm } from '../../features/battles/components/ChallengeForm';
import { BATTLE_TEXT } from '../../features/battles/messages';
import { useArenaParams } from '../../features/battles/useArenaParams';
import { PageTabBar } from './PageTabBar';

type ArenaTab = 'pending' | 'create' | 'history';

/** /battle-refactored, variant B: Pending Battles, Create Battle (coin flips) and Battle History. */
export default function BattleRefactoredPage() {
  return <ArenaPage above={<PageTabBar />} arena={(viewer) => <Arena viewer={viewer} />} />;
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
