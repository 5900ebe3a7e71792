import { useMemo, useState } from 'react';
import type { Battle, PogId, User } from '@pog/common';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { Spinner } from '../../../components/Spinner';
import { useUserPogs } from '../../pogs/queries';
import { riskedPogIds } from '../eligibility';
import { BATTLE_TEXT } from '../messages';
import { useAcceptChallenge } from '../mutations';
import { usePendingBattles } from '../queries';
import { BattlePogChooser } from './BattlePogChooser';
import { NeedPogsNotice } from './Notices';
import { SeedField, useClientSeed } from './SeedField';
import { Row } from './styles';
import { PogLink } from '../../pogs/components/PogLink';

/** Accepting needs a POG of your own (product spec: validation): the button stays disabled until one is chosen. */
export function AcceptDialog({ battle, viewer, onClose }: { battle: Battle; viewer: User; onClose: () => void }) {
  const pogs = useUserPogs(viewer.id);
  const open = usePendingBattles(viewer.id);
  const accept = useAcceptChallenge(viewer.id);
  const [pogId, setPogId] = useState<PogId | null>(null);
  const seed = useClientSeed();
  const risked = useMemo(() => riskedPogIds(open.data ?? []), [open.data]);

  const confirm = () => {
    const withSeed = battle.rollVersion === 2;
    if (pogId === null || (withSeed && seed.problem)) return;
    accept.mutate({ battleId: battle.id, pogId, seed: withSeed ? seed.seed : undefined }, { onSuccess: onClose });
  };

  return (
    <Dialog open onClose={onClose} title={BATTLE_TEXT.acceptTitle} description={`${battle.challenger.username} risks ${battle.challengerPog?.name ?? 'a POG'}. ${BATTLE_TEXT.acceptLead}`} width={680}>
      {pogs.isPending ? (
        <Spinner label="Loading your POGs..." />
      ) : (pogs.data ?? []).length === 0 ? (
        <NeedPogsNotice />
      ) : (
        <>
          <BattlePogChooser legend={BATTLE_TEXT.yourPog} pogs={pogs.data ?? []} risked={risked} battleType={battle.battleType} side="defender" value={pogId} onChange={setPogId} />
          {/* A battle of rule 1 (from before players gave seeds) takes none. */}
          {battle.rollVersion === 2 && <SeedField state={seed} />}
        </>
      )}
      <Row style={{ marginTop: '1rem', justifyContent: 'flex-end' }}>
        {battle.challengerPog && (
          <span style={{ marginRight: 'auto' }}>
            <PogLink pog={battle.challengerPog} newTab>
              {battle.challengerPog.name}&apos;s history
            </PogLink>
          </span>
        )}
        <Button $variant="ghost" onClick={onClose}>
          {BATTLE_TEXT.cancel}
        </Button>
        <Button disabled={pogId === null || (battle.rollVersion === 2 && seed.problem !== null) || accept.isPending} onClick={confirm}>
          {BATTLE_TEXT.acceptConfirm}
        </Button>
      </Row>
    </Dialog>
  );
}
