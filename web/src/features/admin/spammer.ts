/**
 * Delete spammer in the admin panel (docs/rules.md, Moderation): the preview the confirmation
 * states, and the action, with its toasts. The lists follow through the live `moderation:user` and
 * `moderation:queue` events (every admin's, this one's too) and the panel's reload.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, spammerSummary, type AppError, type DeleteSpammerResult, type SpammerPreview, type UserId } from '@pog/common';
import { api, routeQuery } from '../../api/client';
import { toAppError } from '../../api/errors';
import { toast } from '../../stores/toasts';
import { showFailure } from '../errors/showError';
import { applyAdminUser, refreshAdminData } from './cache';
import { ADMIN_TEXT } from './messages';

export const SPAMMER_TEXT = {
  open: 'Delete spammer',
  confirm: 'Yes, delete spammer',
  reasonLabel: 'Reason',
  reasonPlaceholder: 'Why this account is deleted as a spammer (they are told)',
  loading: 'Counting what this would remove...',
  failed: 'Failed to delete the spammer',
  done: (username: string) => `${username} was deleted as a spammer`,
} as const;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the confirmation says will happen, sentence by sentence. */
export function spammerConsequences({ user, footprint }: Pick<SpammerPreview, 'user' | 'footprint'>): string[] {
  const lines = [
    user.isBanned ? `${user.username} stays banned, with this reason.` : `${user.username} is banned at once and signed out everywhere.`,
    `${plural(footprint.pogs, 'POG', 'POGs')} they hold ${footprint.pogs === 1 ? 'is' : 'are'} removed for good, whoever designed ${footprint.pogs === 1 ? 'it' : 'them'}.`,
    `${plural(footprint.offers, 'pending trade offer', 'pending trade offers')} and ${plural(footprint.battles, 'open battle', 'open battles')} end; the other players are told.`,
  ];
  if (footprint.designedHeldByOthers > 0) {
    lines.push(`${plural(footprint.designedHeldByOthers, 'POG', 'POGs')} they designed that other players hold now ${footprint.designedHeldByOthers === 1 ? 'stays' : 'stay'} with those players.`);
  }
  lines.push('This cannot be undone.');
  return lines;
}

/** The preview, fresh each time the confirmation opens (what it counts changes under the admin's eyes). */
export function useSpammerPreview(userId: UserId) {
  return useQuery({ ...routeQuery(apiPaths.admin.spammerPreview, { params: { id: userId } }), staleTime: 0, meta: { errorToast: false } });
}

/** A refusal the server explained (an admin account, one's own, nothing left, gone) is shown as it said it. */
export function spammerFailureMessage(error: AppError): string {
  return ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'].includes(error.code) ? error.message : SPAMMER_TEXT.failed;
}

export function useDeleteSpammer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: UserId; reason: string }): Promise<DeleteSpammerResult> =>
      api(apiPaths.admin.deleteSpammer, { params: { id: userId }, body: { reason: reason.trim() } }),
    // Never repeated behind the admin's back: a second try would only be refused (409).
    retry: false,
    onSuccess: (result) => {
      applyAdminUser(queryClient, result.user);
      toast({ title: SPAMMER_TEXT.done(result.user.username), description: `${spammerSummary(result)}.` });
    },
    onError: (error) => showFailure(error, () => ({ title: ADMIN_TEXT.errorTitle, description: spammerFailureMessage(toAppError(error)) })),
    onSettled: () => refreshAdminData(queryClient),
  });
}
