/** The admin panel's reads. Failures are told once per failure with the spec's admin toast. */
import { useEffect, useEffectEvent } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { toAppError } from '../../api/errors';
import { toast } from '../../stores/toasts';
import { adminApi } from './api';
import { moderationHistory } from './history';
import { adminStatusKey, adminUsersKey, allPogsKey, auditLogKey, flaggedKey, pogHistoryKey, type AuditLogFilters } from './keys';
import { ADMIN_TEXT } from './messages';
import { asPogId, type PogId } from '@pog/common';

/**
 * GET /api/admin/auth/status. Never retried: the panel waits on it, and a failure already has its
 * own answer (a toast and the way back to /admin-login). Always refetched on mount.
 */
export function useAdminStatus() {
  return useQuery({
    queryKey: adminStatusKey,
    queryFn: ({ signal }) => adminApi.status(signal),
    staleTime: 0,
    retry: false,
    meta: { errorToast: false },
  });
}

/** 'Error / Failed to load admin data' each time a list fails to load (not on every re-render). */
function useLoadFailureToast(query: UseQueryResult<unknown>, onUnauthorized: () => void): void {
  const { isError, errorUpdatedAt, error } = query;
  const onFailure = useEffectEvent(() => {
    // The admin session ended (expired, or logged out in another tab): back to the password.
    if (toAppError(error).code === 'UNAUTHORIZED') {
      onUnauthorized();
      return;
    }
    toast({ title: ADMIN_TEXT.errorTitle, description: ADMIN_TEXT.loadFailed, variant: 'destructive' });
  });
  // errorUpdatedAt changes once per failure; the toast must not repeat on unrelated renders.
  useEffect(() => {
    if (isError) onFailure();
  }, [isError, errorUpdatedAt]);
}

const listOptions = { meta: { errorToast: false } } as const;

export function useFlaggedPogs(enabled: boolean, onUnauthorized: () => void) {
  const query = useQuery({ queryKey: flaggedKey, queryFn: ({ signal }) => adminApi.flagged(signal), enabled, ...listOptions });
  useLoadFailureToast(query, onUnauthorized);
  return query;
}

export function useAllPogs(search: string, enabled: boolean, onUnauthorized: () => void) {
  const query = useQuery({
    queryKey: allPogsKey(search.trim()),
    queryFn: ({ signal }) => adminApi.allPogs(search, signal),
    enabled,
    // Typing a search keeps the previous results on screen until the new ones arrive.
    placeholderData: (previous) => previous,
    ...listOptions,
  });
  useLoadFailureToast(query, onUnauthorized);
  return query;
}

export function useAdminUsers(enabled: boolean, onUnauthorized: () => void) {
  const query = useQuery({ queryKey: adminUsersKey, queryFn: ({ signal }) => adminApi.users(signal), enabled, ...listOptions });
  useLoadFailureToast(query, onUnauthorized);
  return query;
}

/**
 * The whole moderation history of one POG (decisions and reports), for the Moderate POG dialog.
 * Refetched whenever the panel's data is (each action reloads it) and when a report arrives live.
 */
export function usePogHistory(pogId: PogId | null) {
  return useQuery({
    queryKey: pogHistoryKey(pogId ?? asPogId(0)),
    queryFn: async ({ signal }) => {
      const id = pogId ?? asPogId(0);
      const [audit, reports] = await Promise.all([adminApi.pogAudit(id, signal), adminApi.pogReports(id, signal)]);
      return moderationHistory(audit, reports);
    },
    enabled: pogId !== null,
    staleTime: 0,
    meta: { errorToast: false },
  });
}

/** One page of the Audit log tab; the previous page stays on screen while the next one loads. */
export function useAuditLog(filters: AuditLogFilters, before: number | undefined, onUnauthorized: () => void) {
  const query = useQuery({
    queryKey: auditLogKey(filters, before),
    queryFn: ({ signal }) => adminApi.auditLog(filters, before, signal),
    placeholderData: (previous) => previous,
    ...listOptions,
  });
  useLoadFailureToast(query, onUnauthorized);
  return query;
}
