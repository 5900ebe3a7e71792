import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { User } from '@pog/common';
import { Badge } from '../../components/Badge';
import { Tabs } from '../../components/Tabs';
import { ArenaOverlays } from '../../features/battles/components/ArenaOverlays';
import { ArenaPage } from '../../features/battles/components/ArenaPage';
import { BattleHistory, OpenBattles } from '../../features/battles/components/BattleLists';
import { ChallengeForm } from '../../features/battles/components/ChallengeForm';
import { BATTLE_TEXT } from '../../features/battles/messages';
import { usePendingBattles } from '../../features/battles/queries';
import { useArenaParams } from '../../features/battles/useArenaParams';

type ArenaTab = 'challenge' | 'mine' | 'history';

/** /battle, variant A: Challenge, My Battles (with its count) and Battle History. */
export default function BattlePage() {
  return <ArenaPage arena={(viewer) => <Arena viewer={viewer} />} />;
}

function Arena({ viewer }: { viewer: User }) {
  const { opponentParam, battleId, openDetails, closeDetails } = useArenaParams();
  const [tab, setTab] = useState<ArenaTab>('challenge');
  const open = usePendingBattles(viewer.id);
  const count = open.data?.length ?? 0;
  // A link to an open battle (`?battle=`, from a notification or a toast) shows My Battles under its
  // record, where it can be answered or fought; once per visit of the link.
  const { key } = useLocation();
  const placed = useRef<string | null>(null);
  const isOpen = battleId !== null && open.data?.some((battle) => battle.id === battleId) === true;
  useEffect(() => {
    if (!isOpen || placed.current === key) return;
    placed.current = key;
    setTab('mine');
  }, [isOpen, key]);
  const lists = { viewer, flipLabel: BATTLE_TEXT.flipA, onDetails: openDetails };

  return (
    <>
      <Tabs<ArenaTab>
        label="Battle Arena sections"
        value={tab}
        onValueChange={setTab}
        items={[
          {
            id: 'challenge',
            label: BATTLE_TEXT.challengeTab,
            content: <ChallengeForm viewer={viewer} opponentParam={opponentParam} title="Challenge a player" onSent={() => setTab('mine')} />,
          },
          {
            id: 'mine',
            label: (
              <>
                {BATTLE_TEXT.myBattlesTab} <Badge $variant="secondary">{count}</Badge>
              </>
            ),
            content: <OpenBattles {...lists} label={BATTLE_TEXT.myBattlesTab} />,
          },
          { id: 'history', label: BATTLE_TEXT.historyTab, content: <BattleHistory {...lists} /> },
        ]}
      />
      <ArenaOverlays battleId={battleId} onDetails={openDetails} onCloseDetails={closeDetails} />
    </>
  );
}
