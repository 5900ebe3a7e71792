import styled from 'styled-components';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { POG_TEXT } from '../messages';

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 0.75rem;
`;

interface DeletePogDialogProps {
  pogName: string;
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The confirmation before a POG is burned. A click beside it does not dismiss it (product spec: states). */
export function DeletePogDialog({ pogName, open, busy, onCancel, onConfirm }: DeletePogDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onCancel();
      }}
      title={POG_TEXT.deleteDialogTitle}
      description={`"${pogName}" will be removed from your collection. This cannot be undone.`}
      width={440}
      dismissOnOutsideClick={false}
    >
      <Actions>
        <Button $variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button $variant="danger" onClick={onConfirm} disabled={busy}>
          {busy ? 'Deleting...' : 'Delete'}
        </Button>
      </Actions>
    </Dialog>
  );
}
