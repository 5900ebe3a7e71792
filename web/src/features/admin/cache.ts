/**
 * Keeps the admin panel's cached lists in step with moderation: live `moderation:queue` events
 * from the other admins (and the worker), and this admin's own results.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { adminUserSchema, pogSchema, type AdminUser, type Pog } from '@pog/common';
import { reportError } from '../errors/showError';
import { awaitsReview, matchesSearch, matchesUserSearch } from './display';
import { ADMIN_USERS_PATH, ALL_POGS_PATH, AUDIT_LOG_PATH, FLAGGED_PATH, isAdminDataKey, pogHistoryKey, pogReportsKey, searchOfKey, sortOfKey } from './keys';
import { applyLiveChange, isPagedList, type LiveChange, type PagedList } from './paged';
import { applyRankedChange } from './ranked';
import { isModerationAction, queueChange, type ModerationQueueEvent } from './queue';

/**
 * Writes a change into every cached list under `path` (one per search text): the item and the
 * count move at once; a list whose count the change leaves unknown is fetched again.
 */
function applyToLists<T extends { id: number }>(queryClient: QueryClient, path: string, changeFor: (search: string) => LiveChange<T>, rankOf?: (item: T) => number): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: [path] })) {
    const key: QueryKey = query.queryKey;
    const data: unknown = query.state.data;
    if (!isPagedList(data)) continue;
    const list = data as PagedList<T>;
    const change = changeFor(searchOfKey(key));
    // The queue most reported first is not in id order: ranked.ts places what it can.
    const next = rankOf && sortOfKey(key) === 'reports' ? applyRankedChange(list, change, rankOf) : applyLiveChange(list, change);
    if (next === 'refetch') void queryClient.invalidateQueries({ queryKey: key, exact: true });
    else if (next !== list) queryClient.setQueryData(key, next);
  }
}

/** Writes one queue event into every cached Flagged and All POGs list. */
export function applyModerationEvent(queryClient: QueryClient, event: ModerationQueueEvent): void {
  applyToLists<Pog>(queryClient, FLAGGED_PATH, (search) => queueChange(event, (pog) => awaitsReview(pog) && matchesSearch(pog, search), true), (pog) => pog.reportCount ?? 0);
  applyToLists<Pog>(queryClient, ALL_POGS_PATH, (search) => queueChange(event, (pog) => matchesSearch(pog, search), false));
}

/** The socket types payloads loosely: check the shape before it reaches the screens. */
export function applyLiveModerationEvent(queryClient: QueryClient, payload: unknown): void {
  const action: unknown = typeof payload === 'object' && payload !== null ? (payload as { action?: unknown }).action : undefined;
  const pog = pogSchema.safeParse(typeof payload === 'object' && payload !== null ? (payload as { pog?: unknown }).pog : undefined);
  if (!isModerationAction(action) || !pog.success) {
    reportError(pog.error ?? new Error(`Unknown action ${String(action)}`), 'moderation:queue payload');
    return;
  }
  applyModerationEvent(queryClient, { action, pog: pog.data });
  // An open Moderate POG dialog shows the new report or decision at once.
  void queryClient.invalidateQueries({ queryKey: pogHistoryKey(pog.data.id) });
  void queryClient.invalidateQueries({ queryKey: pogReportsKey(pog.data.id) });
  // So does an open Audit log tab (a new POG is not an audited action).
  if (action !== 'created') void queryClient.invalidateQueries({ queryKey: [AUDIT_LOG_PATH] });
}

/**
 * A moderated or newly signed-up player, written into every cached Users list at once: replaced
 * where it is, or (a sign-up, the newest account) added at the top and counted.
 */
export function applyAdminUser(queryClient: QueryClient, user: AdminUser, registered = false): void {
  const parsed = adminUserSchema.parse(user);
  applyToLists<AdminUser>(queryClient, ADMIN_USERS_PATH, (search) => {
    const matches = matchesUserSearch(parsed, search);
    return { item: parsed, belongs: matches, belonged: registered ? false : matches };
  });
}

/** A player signed up, or another admin banned or unbanned one: the payload is checked before it reaches the table. */
export function applyLiveUserEvent(queryClient: QueryClient, payload: unknown): void {
  const user = adminUserSchema.safeParse(typeof payload === 'object' && payload !== null ? (payload as { user?: unknown }).user : undefined);
  if (!user.success) {
    reportError(user.error, 'moderation:user payload');
    return;
  }
  const action: unknown = (payload as { action?: unknown }).action;
  applyAdminUser(queryClient, user.data, action === 'registered');
  if (action === 'banned' || action === 'unbanned') void queryClient.invalidateQueries({ queryKey: [AUDIT_LOG_PATH] });
}

/** Reloads every list of the panel (product spec: states: each action reloads the data). */
export function refreshAdminData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => isAdminDataKey(query.queryKey) });
}

/** An admin who logs out leaves nothing of the panel behind in memory. */
export function forgetAdminData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => isAdminDataKey(query.queryKey) });
}
