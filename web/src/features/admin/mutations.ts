/** The admin writes, each with the toasts of the product spec (errors) (Admin) and the reloads the spec's states ask for. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { AdminAuthStatus, AdminUser, Pog } from '@pog/common';
import { toAppError } from '../../api/errors';
import { reportError, showFailure } from '../errors/showError';
import { toast } from '../../stores/toasts';
import { adminApi } from './api';
import { applyAdminUser, applyModerationEvent, forgetAdminData, refreshAdminData } from './cache';
import { adminStatusKey } from './keys';
import { ADMIN_TEXT } from './messages';
import { loginFailureToast, moderationFailureMessage } from './outcomes';
import { applyClaim } from './claims';
import { noteClaimConflict } from './useClaims';

export const ADMIN_LOGIN_PATH = '/admin-login';
export const ADMIN_PANEL_PATH = '/admin';

export function useAdminLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (password: string) => adminApi.login(password),
    // A wrong password must cost one attempt, never two.
    retry: false,
    onSuccess: () => {
      queryClient.setQueryData<AdminAuthStatus>(adminStatusKey, { authenticated: true });
      toast({ title: ADMIN_TEXT.grantedTitle, description: ADMIN_TEXT.grantedMessage });
      navigate(ADMIN_PANEL_PATH);
    },
    onError: (error) => toast({ ...loginFailureToast(toAppError(error)), variant: 'destructive' }),
  });
}

/** Logs out and goes to /admin-login even when the call fails (product spec: states, Admin logout). */
export function useAdminLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => adminApi.logout(),
    retry: false,
    onError: (error) => reportError(error, 'admin logout'),
    onSettled: () => {
      forgetAdminData(queryClient);
      queryClient.setQueryData<AdminAuthStatus>(adminStatusKey, { authenticated: false });
      navigate(ADMIN_LOGIN_PATH, { replace: true });
    },
  });
}

export type PogDecision = 'approve' | 'reject' | 'delete';

export interface PogModeration {
  pog: Pog;
  decision: PogDecision;
  notes: string;
  /** Act although another admin claimed the POG (the admin confirmed). */
  overrideClaim?: boolean;
}

const POG_SUCCESS: Record<PogDecision, string> = { approve: ADMIN_TEXT.approved, reject: ADMIN_TEXT.rejected, delete: ADMIN_TEXT.deleted };

export function useModeratePog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ pog, decision, notes, overrideClaim }: PogModeration): Promise<Pog | null> => {
      if (decision === 'delete') {
        await adminApi.deletePog(pog.id, overrideClaim);
        return null;
      }
      const approve = decision === 'approve';
      // What the admin saw: if another admin acted since, the server answers 409 instead of overwriting.
      return adminApi.moderatePog(pog.id, { isApproved: approve, isFlagged: !approve, moderationNotes: notes, expectedLastModeratedAt: pog.lastModeratedAt, overrideClaim });
    },
    onSuccess: (moderated, { pog, decision }) => {
      applyModerationEvent(queryClient, moderated ? { action: decision === 'approve' ? 'approved' : 'rejected', pog: moderated } : { action: 'deleted', pog });
      // Acting ends the POG's claim.
      applyClaim(queryClient, { target: { type: 'pog', id: pog.id }, claim: null });
      toast({ title: POG_SUCCESS[decision] });
    },
    onError: (error) => {
      // Another admin's claim: the dialog asks whether to act anyway instead.
      if (noteClaimConflict(queryClient, error)) return;
      showFailure(error, () => ({ title: ADMIN_TEXT.errorTitle, description: moderationFailureMessage(toAppError(error), ADMIN_TEXT.moderatePogFailed) }));
    },
    onSettled: () => refreshAdminData(queryClient),
  });
}

export interface UserModeration {
  user: AdminUser;
  ban: boolean;
  reason: string;
  /** Act although another admin claimed the player (the admin confirmed). */
  overrideClaim?: boolean;
}

export function useModerateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, ban, reason, overrideClaim }: UserModeration) =>
      adminApi.moderateUser(user.id, { isBanned: ban, banReason: ban ? reason.trim() : null, expectedLastModeratedAt: user.lastModeratedAt, overrideClaim }),
    onSuccess: (user) => {
      applyAdminUser(queryClient, user);
      applyClaim(queryClient, { target: { type: 'user', id: user.id }, claim: null });
      toast({ title: user.isBanned ? ADMIN_TEXT.banned(user.username) : ADMIN_TEXT.unbanned(user.username) });
    },
    onError: (error) => {
      if (noteClaimConflict(queryClient, error)) return;
      showFailure(error, () => ({ title: ADMIN_TEXT.errorTitle, description: moderationFailureMessage(toAppError(error), ADMIN_TEXT.moderateUserFailed) }));
    },
    onSettled: () => refreshAdminData(queryClient),
  });
}
