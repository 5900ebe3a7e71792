import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { type Pog, REASON_MAX, type UserId } from '@pog/common';
import { Button } from '../../components/Button';
import { Textarea } from '../../components/formControls';
import { REPORT_TEXT } from './messages';
import { useReportPog } from './mutations';

const Form = styled.form`
  display: grid;
  gap: 0.5rem;
  width: 100%;
  label { font-size: 0.875rem; font-weight: 700; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 0.5rem;
`;

const Note = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
`;

const ErrorText = styled.p`
  font-size: 0.8125rem;
  color: #fca5a5;
`;

/**
 * Report on another player's POG: a reason, then the report goes to the moderators' queue (live)
 * and flags the POG for review (decisions.md, Moderation). Nothing for the player's own POGs.
 */
export function ReportPog({ pog, viewerId }: { pog: Pog; viewerId: UserId }) {
  const reasonId = useId();
  const errorId = useId();
  const report = useReportPog();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  if (pog.userId === viewerId) return null;
  if (sent) return <Note role="status">{REPORT_TEXT.done}</Note>;
  if (!open) {
    return (
      <Button $variant="ghost" onClick={() => setOpen(true)} aria-label={`${REPORT_TEXT.open} ${pog.name}`}>
        {REPORT_TEXT.open}
      </Button>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(REPORT_TEXT.reasonRequired);
      return;
    }
    report.mutate({ pogId: pog.id, reason: reason.trim() }, { onSuccess: () => setSent(true) });
  };

  return (
    <Form onSubmit={submit} noValidate aria-label={`Report ${pog.name}`}>
      <label htmlFor={reasonId}>{REPORT_TEXT.reasonLabel}</label>
      <Textarea
        id={reasonId}
        rows={3}
        maxLength={REASON_MAX}
        value={reason}
        autoFocus
        placeholder={REPORT_TEXT.reasonPlaceholder}
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          setReason(event.target.value);
          setError(null);
        }}
      />
      {error && (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      )}
      <Actions>
        <Button $variant="secondary" onClick={() => setOpen(false)} disabled={report.isPending}>
          {REPORT_TEXT.cancel}
        </Button>
        <Button type="submit" $variant="danger" disabled={report.isPending}>
          {report.isPending ? REPORT_TEXT.sending : REPORT_TEXT.send}
        </Button>
      </Actions>
    </Form>
  );
}
