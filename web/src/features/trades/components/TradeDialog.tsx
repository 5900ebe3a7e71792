import { useEffect, useReducer, useState } from 'react';
import { asUserId, type Pog } from '@pog/common';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { useCurrentUser } from '../../auth/useCurrentUser';
import { usePlayerChoices } from '../../players/queries';
import { useUserPogs } from '../../pogs/queries';
import { tradeBlock } from '../../pogs/trade';
import { toast } from '../../../stores/toasts';
import { TRADE_TEXT } from '../messages';
import { useSendTrade } from '../mutations';
import { cooldownNotice, EMPTY_SELECTION, isComplete, selectionReducer, type TradePreset } from '../selection';
import { DialogColumns, DialogFooter, TradeWithPanel, YourPogsPanel } from './TradePanels';

/** The chosen POG, if it is still in the list and still tradeable (lists change live). */
function stillChoosable(pogs: readonly Pog[] | undefined, id: number | null): Pog | null {
  const pog = id === null ? undefined : pogs?.find((item) => item.id === id);
  return pog && tradeBlock(pog, Date.now()) === null ? pog : null;
}

export interface TradeDialogProps {
  open: boolean;
  onClose: () => void;
  /** Applied each time the dialog opens (keep it stable while open). */
  preset: TradePreset;
}

/**
 * 'Trade POGs' (product spec: screens): choose one of your POGs, a player, and one of theirs, then send the
 * offer. The selection outlives the open dialog so that a close can clear it the way the product spec (states)
 * says; the component stays mounted while closed for that reason.
 */
export default function TradeDialog({ open, onClose, preset }: TradeDialogProps) {
  const { data: user } = useCurrentUser();
  const userId = user?.id;
  const [selection, dispatch] = useReducer(selectionReducer, EMPTY_SELECTION);
  const send = useSendTrade(userId ?? asUserId(0));

  useEffect(() => {
    if (open) dispatch({ type: 'open', preset });
  }, [open, preset]);

  const myPogs = useUserPogs(open ? userId : undefined);
  const theirPogs = useUserPogs(open && selection.playerId !== null ? selection.playerId : undefined);
  // Only other players who own POGs (product spec: validation), searched on the server; a preset owner is
  // fetched on their own when they are not on the first page.
  const [playerSearch, setPlayerSearch] = useState('');
  const tradePartners = usePlayerChoices('holding', playerSearch, selection.playerId, { excludeId: userId });

  const offer = stillChoosable(myPogs.data, selection.offerPogId);
  const request = stillChoosable(theirPogs.data, selection.requestPogId);
  const ready = offer !== null && request !== null && isComplete(selection, userId);

  const close = () => {
    dispatch({ type: 'close' });
    setPlayerSearch('');
    onClose();
  };

  const submit = () => {
    if (!ready || userId === undefined || selection.playerId === null) {
      toast({ title: TRADE_TEXT.missingChoice, variant: 'destructive' });
      return;
    }
    send.mutate({ fromUserId: userId, toUserId: selection.playerId, offerPogId: offer.id, requestPogId: request.id }, { onSuccess: close });
  };

  return (
    <Dialog open={open} onClose={close} title={TRADE_TEXT.dialogTitle} description={cooldownNotice(offer, request)} width={980}>
      <DialogColumns>
        <YourPogsPanel query={myPogs} chosen={offer} selectedId={selection.offerPogId} onToggle={(pogId) => dispatch({ type: 'offer', pogId })} />
        <TradeWithPanel
          players={tradePartners}
          playerSearch={playerSearch}
          onPlayerSearch={setPlayerSearch}
          playerId={selection.playerId}
          onPlayer={(playerId) => dispatch({ type: 'player', playerId })}
          query={theirPogs}
          chosen={request}
          selectedId={selection.requestPogId}
          onToggle={(pogId) => dispatch({ type: 'request', pogId })}
        />
      </DialogColumns>
      <DialogFooter>
        <Button $variant="secondary" onClick={close}>
          {TRADE_TEXT.cancel}
        </Button>
        <Button disabled={!ready || send.isPending} aria-busy={send.isPending} onClick={submit}>
          {send.isPending ? TRADE_TEXT.sending : TRADE_TEXT.send}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
