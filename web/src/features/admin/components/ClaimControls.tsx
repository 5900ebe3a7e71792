import styled from 'styled-components';
import type { ModerationClaim, ModerationTarget } from '@pog/common';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { actAnywayText, CLAIM_TEXT, claimBadgeText } from '../claims';
import { useClaimMutation, useClaimOn } from '../useClaims';
import { DialogActions, Muted } from './styles';

/** 'Claimed by ann (admin) · 7 min left' (or 'by you'), while the target is claimed; nothing when it is free. */
export function ClaimBadge({ target }: { target: ModerationTarget }) {
  const { claim, mine, now } = useClaimOn(target);
  if (!claim) return null;
  return (
    <Badge $variant={mine ? 'default' : 'outline'} data-testid="claim-badge" data-claim-mine={mine}>
      {claimBadgeText(claim, mine, now)}
    </Badge>
  );
}

/**
 * Claim a free target, or Release one's own claim. Nothing while another admin holds it: their
 * badge says so, and acting on it asks first.
 */
export function ClaimButton({ target, name }: { target: ModerationTarget; name: string }) {
  const { claim, mine } = useClaimOn(target);
  const mutation = useClaimMutation();
  if (claim && !mine) return null;
  return (
    <Button $variant="outline" $size="sm" disabled={mutation.isPending} onClick={() => mutation.mutate({ target, claim: !mine })}>
      {mine ? CLAIM_TEXT.release : CLAIM_TEXT.claim}
      <VisuallyHidden> {name}</VisuallyHidden>
    </Button>
  );
}

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  margin-bottom: 1rem;
`;

/** A dialog's claim line: the badge and the Claim or Release button. */
export function ClaimStatus({ target, name }: { target: ModerationTarget; name: string }) {
  return (
    <Line data-testid="claim-status">
      <ClaimBadge target={target} />
      <ClaimButton target={target} name={name} />
    </Line>
  );
}

const Question = styled(Muted)`
  flex-basis: 100%;
  color: ${({ theme }) => theme.colors.text};
`;

/** 'Claimed by X — act anyway?' before an action on a target another admin holds. */
export function ActAnyway({ claim, busy, onCancel, onConfirm }: { claim: ModerationClaim; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <DialogActions role="group" aria-label="Confirm acting on a claimed item">
      <Question role="alert">{actAnywayText(claim)}</Question>
      <Button $variant="secondary" disabled={busy} onClick={onCancel} autoFocus>
        {CLAIM_TEXT.cancel}
      </Button>
      <Button $variant="danger" disabled={busy} onClick={onConfirm}>
        {CLAIM_TEXT.actAnyway}
      </Button>
    </DialogActions>
  );
}
