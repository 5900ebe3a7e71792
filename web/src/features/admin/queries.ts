/** The admin panel's reads. Failures are told once per failure with the spec's admin toast. */
import { useEffect, useEffectEvent } from 'react';
import { useInfiniteQuery, useQuery, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { toAppError } from '../../api/errors';
import { toast } from '../../stores/toasts';
import { adminApi } from './api';
import { moderationHistory } from './history';
import { adminStatusKey, adminUsersKey, allPogsKey, auditLogKey, flaggedKey, pogHistoryKey, pogReportsKey, type AuditLogFilters } from './keys';
import { ADMIN_TEXT } from './messages';
import { listTotal, type AdminListPage, type PagedList } from './paged';
import { asPogId, type AdminQueueSort, type AdminUser, type Pog, type PogId } from '@pog/common';

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
function useLoadFailureToast(query: Pick<UseQueryResult<unknown>, 'isError' | 'errorUpdatedAt' | 'error'>, onUnauthorized: () => void): void {
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

type FetchPage<T> = (search: string, before: string | null, signal: AbortSignal) => Promise<AdminListPage<T>>;

/**
 * An admin list for one search text ('' for everything), newest first, a page at a time: the
 * first page loads, "Load more" asks for the next (`fetchNextPage`). Typing a search keeps the
 * previous results on screen until the new ones arrive.
 */
function useAdminList<T>(queryKey: QueryKey, fetchPage: FetchPage<T>, search: string, enabled: boolean) {
  return useInfiniteQuery<AdminListPage<T>, Error, PagedList<T>, QueryKey, string | null>({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(search, pageParam, signal),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    placeholderData: (previous) => previous,
    meta: { errorToast: false },
  });
}

const useFlaggedList = (search: string, enabled: boolean, sort: AdminQueueSort = 'newest') =>
  useAdminList<Pog>(flaggedKey(search.trim(), sort), (text, before, signal) => adminApi.flagged(text, before, signal, sort), search.trim(), enabled);
const useAllPogsList = (search: string, enabled: boolean) => useAdminList<Pog>(allPogsKey(search.trim()), adminApi.allPogs, search.trim(), enabled);
const useUsersList = (search: string, enabled: boolean) => useAdminList<AdminUser>(adminUsersKey(search.trim()), adminApi.users, search.trim(), enabled);

/** A tab's list: its failures are told ('Error / Failed to load admin data'), an ended session goes to the password. */
export function useFlaggedPogs(search: string, enabled: boolean, onUnauthorized: () => void, sort: AdminQueueSort = 'newest') {
  const query = useFlaggedList(search, enabled, sort);
  useLoadFailureToast(query, onUnauthorized);
  return query;
}

export function useAllPogs(search: string, enabled: boolean, onUnauthorized: () => void) {
  const query = useAllPogsList(search, enabled);
  useLoadFailureToast(query, onUnauthorized);
  return query;
}

export function useAdminUsers(search: string, enabled: boolean, onUnauthorized: () => void) {
  const query = useUsersList(search, enabled);
  useLoadFailureToast(query, onUnauthorized);
  return query;
}

/**
 * How many rows each whole list holds (no search), for the tab badges: the same cached lists the
 * tabs show unsearched, so the live events keep both right. Their failures are told by the tab
 * that shows the list, not twice.
 */
export function useAdminListTotals(enabled: boolean) {
  const flagged = useFlaggedList('', enabled);
  const allPogs = useAllPogsList('', enabled);
  const users = useUsersList('', enabled);
  return { flagged: listTotal(flagged.data), allPogs: listTotal(allPogs.data), users: listTotal(users.data) };
}

export type AdminListQuery<T> = ReturnType<typeof useAdminList<T>>;

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

/** One POG's reports, newest first, for the reasons in the Moderate POG dialog; refetched like its history. */
export function usePogReports(pogId: PogId | null) {
  return useQuery({
    queryKey: pogReportsKey(pogId ?? asPogId(0)),
    queryFn: ({ signal }) => adminApi.pogReports(pogId ?? asPogId(0), signal),
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
    meta: { errorToast: false },
  });
  useLoadFailureToast(query, onUnauthorized);
  return query;
}
