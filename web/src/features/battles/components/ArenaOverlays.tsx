import type { Battle, BattleId } from '@pog/common';
import { BattleDetailDialog } from './BattleDetailDialog';
import { BattleRevealStage } from './BattleRevealStage';

/** What both Battle Arena variants lay over the page: the live reveal and the battle record. */
export function ArenaOverlays({ battleId, onDetails, onCloseDetails }: { battleId: BattleId | null; onDetails: (battle: Battle) => void; onCloseDetails: () => void }) {
  return (
    <>
      <BattleRevealStage onDetails={onDetails} />
      {battleId !== null && <BattleDetailDialog battleId={battleId} onClose={onCloseDetails} />}
    </>
  );
}
