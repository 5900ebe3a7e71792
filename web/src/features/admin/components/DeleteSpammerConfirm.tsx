import { useId, useState } from 'react';
import styled from 'styled-components';
import type { UserId } from '@pog/common';
import { Button } from '../../../components/Button';
import { toAppError } from '../../../api/errors';
import { spammerConsequences, SPAMMER_TEXT, useDeleteSpammer, useSpammerPreview } from '../spammer';
import { DialogActions, FieldStack, Muted, Textarea } from './styles';

const Panel = styled.section`
  margin-top: 1.25rem;
  padding: 1rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  h3 { font-size: 1.05rem; margin-bottom: 0.5rem; }
  ul { margin: 0; padding-left: 1.2rem; display: grid; gap: 0.25rem; }
`;

const Refusal = styled.p`
  font-weight: 700;
  color: ${({ theme }) => theme.colors.text};
`;

/**
 * Delete spammer's confirmation, inside the Moderate POG or Moderate User dialog: what will happen
 * (from the server's count), a required reason, and an explicit 'Yes, delete spammer'. A refusal
 * (an admin account, one's own, nothing left) is shown instead of the button.
 */
export function DeleteSpammerConfirm({ userId, onCancel, onDone }: { userId: UserId; onCancel: () => void; onDone: () => void }) {
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const preview = useSpammerPreview(userId);
  const remove = useDeleteSpammer();
  const busy = remove.isPending;
  const data = preview.data;
  const refusal = data?.refusal ?? (preview.isError ? toAppError(preview.error).message : null);

  return (
    <Panel aria-label="Confirm Delete spammer">
      <h3>{data ? `${SPAMMER_TEXT.open}: ${data.user.username}` : SPAMMER_TEXT.open}</h3>
      {!data && !refusal && <Muted role="status">{SPAMMER_TEXT.loading}</Muted>}
      {refusal && <Refusal role="alert">{refusal}</Refusal>}
      {data && !refusal && (
        <>
          <ul data-testid="spammer-consequences">
            {spammerConsequences(data).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <FieldStack>
            <label htmlFor={reasonId}>{SPAMMER_TEXT.reasonLabel}</label>
            <Textarea id={reasonId} rows={2} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} placeholder={SPAMMER_TEXT.reasonPlaceholder} />
          </FieldStack>
        </>
      )}
      <DialogActions>
        <Button $variant="secondary" disabled={busy} onClick={onCancel} autoFocus>
          Cancel
        </Button>
        {data && !refusal && (
          <Button $variant="danger" disabled={busy || reason.trim() === ''} onClick={() => remove.mutate({ userId, reason }, { onSuccess: onDone })}>
            {SPAMMER_TEXT.confirm}
          </Button>
        )}
      </DialogActions>
    </Panel>
  );
}
