/**
 * Bulk moderation from the selection bar: one call for up to BULK_MODERATION_MAX POGs, all or
 * nothing. Its results go into the cached lists at once (the same changes the other admins' live
 * `moderation:queue` events make, so applying both is harmless), then the lists reload, as after a
 * single action.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type BulkPogAction, type ModerationAction, type Pog } from '@pog/common';
import { api } from '../../api/client';
import { toAppError } from '../../api/errors';
import { toast } from '../../stores/toasts';
import { showFailure } from '../errors/showError';
import { applyModerationEvent, refreshAdminData } from './cache';
import { ADMIN_TEXT } from './messages';

const EVENT_OF: Record<BulkPogAction, ModerationAction> = { approve: 'approved', reject: 'rejected', delete: 'deleted' };
const PAST: Record<BulkPogAction, string> = { approve: 'approved', reject: 'rejected', delete: 'deleted' };

/** "1 POG" or "3 POGs". */
export const pogCount = (count: number) => `${count} ${count === 1 ? 'POG' : 'POGs'}`;

/** Our texts for the selection bar (the spec has no bulk actions). */
export const BULK_TEXT = {
  selected: (count: number) => `${count} selected`,
  selectAllShown: 'Select all shown',
  selectPog: (name: string) => `Select ${name}`,
  clear: 'Clear selection',
  tooMany: (max: number) => `At most ${max} POGs can be moderated at once.`,
  done: (action: BulkPogAction, count: number) => `${pogCount(count)} ${count === 1 ? 'has' : 'have'} been ${PAST[action]}`,
  confirmTitle: (action: 'reject' | 'delete', count: number) => `${action === 'reject' ? 'Reject' : 'Delete'} ${pogCount(count)}?`,
  confirmText: (action: 'reject' | 'delete', count: number) =>
    action === 'reject'
      ? `${pogCount(count)} will be hidden from Explore and can no longer be traded or battled. ${count === 1 ? 'Its owner is' : 'Each owner is'} told.`
      : `${pogCount(count)} will be deleted for good: ${count === 1 ? 'its owner loses it' : 'their owners lose them'} and this cannot be undone.`,
  confirmButton: (action: 'reject' | 'delete', count: number) => `Yes, ${action} ${pogCount(count)}`,
} as const;

export interface BulkModeration {
  action: BulkPogAction;
  pogs: readonly Pog[];
  notes?: string;
}

export function useBulkModeratePogs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, pogs, notes }: BulkModeration) =>
      api(apiPaths.admin.bulkModeratePogs, { body: { action, ids: pogs.map((pog) => pog.id), notes: notes?.trim() || null } }),
    onSuccess: (result) => {
      for (const pog of result.pogs) applyModerationEvent(queryClient, { action: EVENT_OF[result.action], pog });
      toast({ title: BULK_TEXT.done(result.action, result.pogs.length) });
    },
    // The server names the POGs that stopped the batch (gone, or decided meanwhile): its sentence is the toast.
    onError: (error) => showFailure(error, () => ({ title: ADMIN_TEXT.errorTitle, description: toAppError(error).message })),
    onSettled: () => refreshAdminData(queryClient),
  });
}
