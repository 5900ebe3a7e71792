import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { asUserId, avatarColorFor, type AdminUser, type ModerationClaim } from '@pog/common';
import { Avatar } from '../../../components/Avatar';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { formatModeratedAt, roleOf, userInitials } from '../display';
import { ADMIN_TEXT } from '../messages';
import { claimOfConflict } from '../claims';
import { useModerateUser } from '../mutations';
import { useClaimOn } from '../useClaims';
import { ActAnyway, ClaimStatus } from './ClaimControls';
import { DialogActions, FieldStack, Muted, Textarea } from './styles';
import { DeleteSpammerConfirm } from './DeleteSpammerConfirm';
import { SPAMMER_TEXT } from '../spammer';

const Who = styled.div`
  display: flex;
  align-items: center;
  gap: 1rem;
  h3 { font-size: 1.2rem; }
`;

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
  margin-top: 0.25rem;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Who the dialog is about: initials, username, role, id, and whether they are banned. */
function UserHeading({ user }: { user: AdminUser }) {
  return (
    <Who>
      <Avatar initials={userInitials(user)} color={avatarColorFor(user.username)} size={56} />
      <div>
        <h3>{user.username}</h3>
        <Line>
          <Badge $variant={roleOf(user) === 'admin' ? 'default' : 'secondary'}>{roleOf(user)}</Badge>
          <span>ID: {user.id}</span>
          {user.isBanned ? <Badge $variant="destructive">{ADMIN_TEXT.currentlyBanned}</Badge> : <Badge $variant="success">{ADMIN_TEXT.notBanned}</Badge>}
        </Line>
      </div>
    </Who>
  );
}

/**
 * Moderate User (product spec: screens): who it is, banned or not, who claimed them, the Ban Reason,
 * when they were last moderated, and Remove Ban or Ban User (which needs a reason that is not blank);
 * and Delete spammer (docs/rules.md, Moderation). On a player another admin claimed, Remove Ban and
 * Ban User ask 'Claimed by X — act anyway?' first.
 */
export function ModerateUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const reasonId = useId();
  const moderate = useModerateUser();
  const [reason, setReason] = useState('');
  const { claim, mine } = useClaimOn({ type: 'user', id: user?.id ?? asUserId(0) });
  const [overriding, setOverriding] = useState<{ ban: boolean; claim: ModerationClaim } | null>(null);
  const [deletingSpammer, setDeletingSpammer] = useState(false);

  useEffect(() => {
    setReason(user?.banReason ?? '');
    setOverriding(null);
    setDeletingSpammer(false);
  }, [user]);

  if (!user) return null;
  const busy = moderate.isPending;
  const lastModerated = formatModeratedAt(user.lastModeratedAt);
  const act = (ban: boolean, overrideClaim = false) => {
    if (!overrideClaim && claim && !mine) {
      setOverriding({ ban, claim });
      return;
    }
    moderate.mutate(
      { user, ban, reason, overrideClaim },
      {
        onSuccess: onClose,
        onError: (error) => {
          const held = claimOfConflict(error);
          if (held) setOverriding({ ban, claim: held });
          else onClose();
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} title="Moderate User">
      <UserHeading user={user} />
      <ClaimStatus target={{ type: 'user', id: user.id }} name={user.username} />
      <FieldStack>
        <label htmlFor={reasonId}>Ban Reason</label>
        <Textarea
          id={reasonId}
          rows={3}
          value={reason}
          readOnly={user.isBanned}
          onChange={(event) => setReason(event.target.value)}
          placeholder="Why this player is banned (they are told)"
        />
        {lastModerated && <Muted>Last moderated: {lastModerated}</Muted>}
      </FieldStack>
      {deletingSpammer ? (
        <DeleteSpammerConfirm userId={user.id} onCancel={() => setDeletingSpammer(false)} onDone={onClose} />
      ) : overriding ? (
        <ActAnyway claim={overriding.claim} busy={busy} onCancel={() => setOverriding(null)} onConfirm={() => act(overriding.ban, true)} />
      ) : (
        <DialogActions>
          <Button $variant="outline" disabled={busy} onClick={() => setDeletingSpammer(true)}>
            {SPAMMER_TEXT.open}
          </Button>
          {user.isBanned ? (
            <Button $variant="secondary" disabled={busy} onClick={() => act(false)}>
              Remove Ban
            </Button>
          ) : (
            <Button $variant="danger" disabled={busy || reason.trim() === ''} onClick={() => act(true)}>
              Ban User
            </Button>
          )}
        </DialogActions>
      )}
    </Dialog>
  );
}
