import { useEffect, useId, useState } from 'react';
import type { PogId, Trade, UserId } from '@pog/common';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { useUserPogs } from '../../pogs/queries';
import { TRADE_TEXT } from '../messages';
import { useCounterTrade } from '../mutations';
import { SelectablePogGrid } from './SelectablePogGrid';
import { DialogColumns, DialogFooter, Heading, Panel, PogChoices } from './TradePanels';

export interface CounterDialogProps {
  /** The pending trade received, being countered; null while closed. */
  trade: Trade | null;
  viewerId: UserId;
  onClose: () => void;
}

/**
 * A counter-offer to a received trade: your POG to give and their POG to want, both
 * preset to the offer as it stands, so the player changes one or both. It replaces the offer.
 */
export default function CounterDialog({ trade, viewerId, onClose }: CounterDialogProps) {
  const [give, setGive] = useState<PogId | null>(null);
  const [want, setWant] = useState<PogId | null>(null);
  const counter = useCounterTrade(viewerId);
  const giveId = useId();
  const wantId = useId();
  useEffect(() => {
    setGive(trade?.requestPogId ?? null);
    setWant(trade?.offerPogId ?? null);
  }, [trade]);
  const mine = useUserPogs(trade ? viewerId : undefined);
  const theirs = useUserPogs(trade ? trade.fromUserId : undefined);
  if (!trade) return null;
  const unchanged = give === trade.requestPogId && want === trade.offerPogId;
  const ready = give !== null && want !== null && !unchanged;
  const submit = () => {
    if (give === null || want === null) return;
    counter.mutate({ trade, request: { offerPogId: give, requestPogId: want } }, { onSuccess: onClose });
  };
  return (
    <Dialog open onClose={onClose} title={TRADE_TEXT.counterTitle} description={TRADE_TEXT.counterDescription} width={980}>
      <DialogColumns>
        <Panel aria-labelledby={giveId}>
          <Heading id={giveId}>{TRADE_TEXT.youGive}</Heading>
          <PogChoices query={mine} empty={TRADE_TEXT.noOwnPogs}>
            {(pogs) => <SelectablePogGrid label={TRADE_TEXT.youGive} pogs={pogs} selectedId={give} verb="Give" badge={TRADE_TEXT.offering} onToggle={setGive} />}
          </PogChoices>
        </Panel>
        <Panel aria-labelledby={wantId}>
          <Heading id={wantId}>{TRADE_TEXT.youWantFrom(trade.fromUser.username)}</Heading>
          <PogChoices query={theirs} empty={TRADE_TEXT.playerHasNoPogs}>
            {(pogs) => (
              <SelectablePogGrid label={TRADE_TEXT.youWantFrom(trade.fromUser.username)} pogs={pogs} selectedId={want} verb="Want" badge={TRADE_TEXT.want} onToggle={setWant} />
            )}
          </PogChoices>
        </Panel>
      </DialogColumns>
      <DialogFooter>
        {unchanged && <p role="status">{TRADE_TEXT.counterUnchanged}</p>}
        <Button $variant="secondary" onClick={onClose}>
          {TRADE_TEXT.cancel}
        </Button>
        <Button disabled={!ready || counter.isPending} aria-busy={counter.isPending} onClick={submit}>
          {counter.isPending ? TRADE_TEXT.sendingCounter : TRADE_TEXT.sendCounter}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
