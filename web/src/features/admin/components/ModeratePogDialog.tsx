import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import type { ModerationClaim, Pog } from '@pog/common';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { POG_CARD_SIZES } from '../../pogs/components/PogCard';
import { PogDisc } from '../../pogs/components/PogDisc';
import { PogLink } from '../../pogs/components/PogLink';
import { RarityBadge } from '../../pogs/components/RarityBadge';
import { creatorName, formatModeratedAt, pogPoints } from '../display';
import { usePogHistory } from '../queries';
import { claimOfConflict } from '../claims';
import { useModeratePog, type PogDecision } from '../mutations';
import { useClaimOn } from '../useClaims';
import { ActAnyway, ClaimStatus } from './ClaimControls';
import { DialogActions, Facts, FieldStack, Muted, Textarea } from './styles';
import { DeleteSpammerConfirm } from './DeleteSpammerConfirm';
import { SPAMMER_TEXT } from '../spammer';
import { FlagReasonText } from './FlagReasonText';
import { ModerationHistory } from './ModerationHistory';
import { ReportReasons } from './ReportReasons';

const ConfirmText = styled(Muted)`
  flex-basis: 100%;
  color: ${({ theme }) => theme.colors.text};
`;

const Preview = styled.div`
  display: grid;
  place-items: center;
  margin-bottom: 1.25rem;
`;

/** The question Delete POG asks before anything is deleted. */
export const DELETE_CONFIRM_TEXT = (name: string) => `Delete "${name}" for good? Its owner loses it and this cannot be undone.`;

/**
 * Moderate POG (product spec: screens): the preview (size lg), who claimed it, its facts (with why it
 * was flagged, when it is), Moderation Notes, and Delete POG, Reject, Approve; and Delete spammer for
 * the POG's holder (docs/rules.md, Moderation). Each action closes the dialog; the lists reload either way.
 */
export function ModeratePogDialog({ pog, onClose }: { pog: Pog | null; onClose: () => void }) {
  const notesId = useId();
  const [notes, setNotes] = useState('');
  const history = usePogHistory(pog?.id ?? null);

  // A fresh dialog starts from the notes already on the POG.
  useEffect(() => setNotes(pog?.moderationNotes ?? ''), [pog]);

  if (!pog) return null;
  const lastModerated = formatModeratedAt(pog.lastModeratedAt);

  return (
    <Dialog open onClose={onClose} title="Moderate POG">
      <Preview>
        <PogDisc design={pog} size={POG_CARD_SIZES.lg} eager />
      </Preview>
      <ClaimStatus target={{ type: 'pog', id: pog.id }} name={pog.name} />
      <Facts>
        <dt>Name</dt>
        <dd>
          <PogLink pog={pog} />
        </dd>
        <dt>Rarity</dt>
        <dd>
          <RarityBadge pog={pog} />
        </dd>
        <dt>Created by</dt>
        <dd>{creatorName(pog)}</dd>
        <dt>Points</dt>
        <dd>{pogPoints(pog)}</dd>
        {pog.isFlagged && pog.flagReason && (
          <>
            <dt>Flagged for</dt>
            <dd data-testid="flag-reason">
              <FlagReasonText reason={pog.flagReason} />
            </dd>
          </>
        )}
      </Facts>
      <ReportReasons pogId={pog.id} />
      <FieldStack>
        <label htmlFor={notesId}>Moderation Notes</label>
        <Textarea id={notesId} rows={3} value={notes} onChange={(event) => setNotes(event.target.value)} placeholder="Why this decision (the owner is told)" />
        {lastModerated && <Muted>Last moderated: {lastModerated}</Muted>}
      </FieldStack>
      <ModerationHistory query={history} />
      <PogDecisions key={pog.id} pog={pog} notes={notes} onClose={onClose} />
    </Dialog>
  );
}

/**
 * Delete spammer, Delete POG, Reject, Approve. Delete spammer opens its own confirmation; Delete asks first (the POG is gone for good); any of them on a POG
 * another admin claimed asks 'Claimed by X — act anyway?' first, also when the server is the one to
 * say so (a claim that arrived meanwhile).
 */
function PogDecisions({ pog, notes, onClose }: { pog: Pog; notes: string; onClose: () => void }) {
  const moderate = useModeratePog();
  const { claim, mine } = useClaimOn({ type: 'pog', id: pog.id });
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // Delete spammer (the POG's holder) asks first too, in a panel of its own.
  const [deletingSpammer, setDeletingSpammer] = useState(false);
  const [overriding, setOverriding] = useState<{ decision: PogDecision; claim: ModerationClaim } | null>(null);
  const busy = moderate.isPending;

  const act = (decision: PogDecision, overrideClaim = false) => {
    if (!overrideClaim && claim && !mine) {
      setOverriding({ decision, claim });
      return;
    }
    moderate.mutate(
      { pog, decision, notes, overrideClaim },
      {
        onSuccess: onClose,
        onError: (error) => {
          const held = claimOfConflict(error);
          if (held) setOverriding({ decision, claim: held });
          else onClose();
        },
      },
    );
  };

  if (deletingSpammer) return <DeleteSpammerConfirm userId={pog.userId} onCancel={() => setDeletingSpammer(false)} onDone={onClose} />;
  if (overriding) {
    return <ActAnyway claim={overriding.claim} busy={busy} onCancel={() => setOverriding(null)} onConfirm={() => act(overriding.decision, true)} />;
  }
  if (confirmingDelete) {
    return (
      <DialogActions role="group" aria-label="Confirm deletion">
        <ConfirmText role="alert">{DELETE_CONFIRM_TEXT(pog.name)}</ConfirmText>
        <Button $variant="secondary" disabled={busy} onClick={() => setConfirmingDelete(false)} autoFocus>
          Cancel
        </Button>
        <Button $variant="danger" disabled={busy} onClick={() => act('delete')}>
          Yes, delete POG
        </Button>
      </DialogActions>
    );
  }
  return (
    <DialogActions>
      <Button $variant="outline" disabled={busy} onClick={() => setDeletingSpammer(true)}>
        {SPAMMER_TEXT.open}
      </Button>
      <Button $variant="danger" disabled={busy} onClick={() => setConfirmingDelete(true)}>
        Delete POG
      </Button>
      <Button $variant="outline" disabled={busy} onClick={() => act('reject')}>
        Reject
      </Button>
      <Button disabled={busy} onClick={() => act('approve')}>
        Approve
      </Button>
    </DialogActions>
  );
}
