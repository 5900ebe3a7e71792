import styled from 'styled-components';
import type { Trade } from '@pog/common';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { TRADE_TEXT } from '../messages';
import { TradePogPair } from './TradePogPair';

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 0.75rem;
  margin-top: 1.25rem;
`;

export interface AnswerTradeDialogProps {
  trade: Trade;
  answer: 'accepted' | 'rejected';
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * The last look before an answer that cannot be taken back: both POGs, and for an accept what the
 * player gives and what they get. A click beside it does not answer or dismiss it.
 */
export function AnswerTradeDialog({ trade, answer, onCancel, onConfirm }: AnswerTradeDialogProps) {
  const accepting = answer === 'accepted';
  const copy = accepting ? TRADE_TEXT.confirmAccept : TRADE_TEXT.confirmReject;
  return (
    <Dialog open onClose={onCancel} title={copy.title} description={copy.description(trade)} width={480} dismissOnOutsideClick={false}>
      <TradePogPair offer={trade.offerPog} request={trade.requestPog} offerCaption={accepting ? 'You get' : 'They offer'} requestCaption={accepting ? 'You give' : 'For your'} />
      <Actions>
        <Button $variant="secondary" onClick={onCancel}>
          {TRADE_TEXT.cancel}
        </Button>
        <Button $variant={accepting ? 'primary' : 'danger'} onClick={onConfirm}>
          {copy.confirm}
        </Button>
      </Actions>
    </Dialog>
  );
}
