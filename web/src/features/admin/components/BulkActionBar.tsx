import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { BULK_MODERATION_MAX, type BulkPogAction } from '@pog/common';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { BANNER_HEIGHT_VAR } from '../../network/NetworkBanner';
import { BULK_TEXT, useBulkModeratePogs } from '../bulk';
import type { PogSelection } from '../selection';
import { DialogActions, FieldStack, Muted, Textarea } from './styles';

/** Under the page header (4rem, itself under the network banner), so it stays in reach down a long list. */
const Bar = styled.div`
  position: sticky;
  top: calc(var(${BANNER_HEIGHT_VAR}, 0px) + 4rem);
  z-index: ${({ theme }) => theme.zIndex.header - 1};
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 1rem;
  margin: 0 0 0.75rem;
  padding: 0.5rem 0.75rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const SelectAll = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  font-size: 0.9rem;
  cursor: pointer;
  input { width: 1.1rem; height: 1.1rem; accent-color: ${({ theme }) => theme.colors.primary}; }
`;

const Count = styled.span`
  font-weight: 700;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-left: auto;
`;

type Confirmable = Exclude<BulkPogAction, 'approve'>;

/** Reject and Delete ask first, with the count; Reject takes optional notes the owners are told. */
function ConfirmDialog({ action, count, busy, onCancel, onConfirm }: { action: Confirmable; count: number; busy: boolean; onCancel: () => void; onConfirm: (notes: string) => void }) {
  const notesId = useId();
  const [notes, setNotes] = useState('');
  return (
    <Dialog open onClose={onCancel} title={BULK_TEXT.confirmTitle(action, count)} description={BULK_TEXT.confirmText(action, count)} dismissOnOutsideClick={false} width={480}>
      {action === 'reject' && (
        <FieldStack>
          <label htmlFor={notesId}>Moderation Notes</label>
          <Textarea id={notesId} rows={3} value={notes} onChange={(event) => setNotes(event.target.value)} placeholder="Why this decision (each owner is told)" />
        </FieldStack>
      )}
      <DialogActions>
        <Button $variant="secondary" disabled={busy} onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button $variant="danger" disabled={busy} onClick={() => onConfirm(notes)}>
          {BULK_TEXT.confirmButton(action, count)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The selection bar above an admin POG list: Select all shown, "N selected", and Approve, Reject,
 * Delete for the selected POGs in one all-or-nothing action. Once it succeeds its POGs are no longer
 * selected (any ticked while it ran stay so); a refusal keeps the selection and the toast says which
 * POGs stopped it.
 */
export function BulkActionBar({ selection, label }: { selection: PogSelection; label: string }) {
  const moderate = useBulkModeratePogs();
  const [confirming, setConfirming] = useState<Confirmable | null>(null);
  const allBox = useRef<HTMLInputElement>(null);
  const { selected, state } = selection;
  const count = selected.length;
  const tooMany = count > BULK_MODERATION_MAX;
  const busy = moderate.isPending;

  useEffect(() => {
    if (allBox.current) allBox.current.indeterminate = state === 'some';
  }, [state]);

  // This success callback runs only after the lists have reloaded (the mutation waits for the
  // reload), and the acted POGs leave the queue before that: a POG ticked in between is a new
  // selection, so only the POGs of the batch are let go.
  const run = (action: BulkPogAction, notes?: string) =>
    moderate.mutate(
      { action, pogs: selected, ...(notes === undefined ? {} : { notes }) },
      {
        onSuccess: (_result, { pogs }) => selection.deselect(pogs.map((pog) => pog.id)),
        onSettled: () => setConfirming(null),
      },
    );

  return (
    <Bar role="toolbar" aria-label={`Bulk actions on ${label}`}>
      <SelectAll>
        <input ref={allBox} type="checkbox" checked={state === 'all'} onChange={(event) => (event.target.checked ? selection.selectAllShown() : selection.clear())} />
        {BULK_TEXT.selectAllShown}
      </SelectAll>
      <Count data-testid="bulk-selected-count" aria-live="polite">
        {BULK_TEXT.selected(count)}
      </Count>
      {tooMany && <Muted role="status">{BULK_TEXT.tooMany(BULK_MODERATION_MAX)}</Muted>}
      {count > 0 && (
        <Actions>
          <Button $size="sm" disabled={busy || tooMany} onClick={() => run('approve')}>
            Approve
          </Button>
          <Button $size="sm" $variant="outline" disabled={busy || tooMany} onClick={() => setConfirming('reject')}>
            Reject
          </Button>
          <Button $size="sm" $variant="danger" disabled={busy || tooMany} onClick={() => setConfirming('delete')}>
            Delete
          </Button>
          <Button $size="sm" $variant="ghost" disabled={busy} onClick={selection.clear}>
            {BULK_TEXT.clear}
          </Button>
        </Actions>
      )}
      {confirming && (
        <ConfirmDialog action={confirming} count={count} busy={busy} onCancel={() => setConfirming(null)} onConfirm={(notes) => run(confirming, notes)} />
      )}
    </Bar>
  );
}
