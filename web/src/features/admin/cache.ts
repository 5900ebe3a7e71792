/**
 * Keeps the admin panel's cached lists in step with moderation: live `moderation:queue` events
 * from the other admins (and the worker), and this admin's own results.
 */
import type { QueryClient } from '@tanstack/react-query';
import { adminUserSchema, pogSchema, type AdminUser, type Pog } from '@pog/common';
import { reportError } from '../errors/showError';
import { awaitsReview, matchesSearch } from './display';
import { ADMIN_USERS_PATH, ALL_POGS_PATH, AUDIT_LOG_PATH, FLAGGED_PATH, isAdminDataKey, pogHistoryKey } from './keys';
import { applyQueueEvent, isModerationAction, type ModerationQueueEvent } from './queue';

/** The search text of an All POGs key (`[ALL_POGS_PATH, {search}]`). */
function searchOf(key: readonly unknown[]): string {
  const params = key[1];
  if (typeof params === 'object' && params !== null && 'search' in params && typeof params.search === 'string') return params.search;
  return '';
}

/** Writes one queue event into every cached Flagged and All POGs list. */
export function applyModerationEvent(queryClient: QueryClient, event: ModerationQueueEvent): void {
  for (const query of queryClient.getQueryCache().findAll()) {
    const key = query.queryKey;
    const data: unknown = query.state.data;
    if (!Array.isArray(data)) continue;
    const list = data as Pog[];
    let next: readonly Pog[] = list;
    if (key[0] === FLAGGED_PATH) next = applyQueueEvent(list, event, awaitsReview);
    else if (key[0] === ALL_POGS_PATH) {
      const search = searchOf(key);
      next = applyQueueEvent(list, event, (pog) => matchesSearch(pog, search));
    }
    if (next !== list) queryClient.setQueryData(key, next);
  }
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
  // So does an open Audit log tab (a new POG is not an audited action).
  if (action !== 'created') void queryClient.invalidateQueries({ queryKey: [AUDIT_LOG_PATH] });
}

/**
 * A moderated or newly signed-up player, written into the Users table at once: replaced where it
 * is, or added at the end (the table lists the oldest account first, so a new one comes last).
 */
export function applyAdminUser(queryClient: QueryClient, user: AdminUser): void {
  const parsed = adminUserSchema.parse(user);
  queryClient.setQueryData<AdminUser[]>([ADMIN_USERS_PATH], (list) => {
    if (!list) return list;
    return list.some((item) => item.id === parsed.id) ? list.map((item) => (item.id === parsed.id ? parsed : item)) : [...list, parsed];
  });
}

/** A player signed up, or another admin banned or unbanned one: the payload is checked before it reaches the table. */
export function applyLiveUserEvent(queryClient: QueryClient, payload: unknown): void {
  const user = adminUserSchema.safeParse(typeof payload === 'object' && payload !== null ? (payload as { user?: unknown }).user : undefined);
  if (!user.success) {
    reportError(user.error, 'moderation:user payload');
    return;
  }
  applyAdminUser(queryClient, user.data);
  const action: unknown = (payload as { action?: unknown }).action;
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
