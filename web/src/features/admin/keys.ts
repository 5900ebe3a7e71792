import type { AdminQueueSort, ModerationAuditAction, ModerationTargetType, PogId } from '@pog/common';
/**
 * Query keys of the admin panel. As everywhere in the app the first element is the URL the default
 * query function GETs; every key starts with ADMIN_ROOT so one call refreshes the whole panel.
 */
export const ADMIN_ROOT = '/api/admin';

export const ADMIN_STATUS_PATH = '/api/admin/auth/status';
export const adminStatusKey = [ADMIN_STATUS_PATH] as const;

/** Each list is cached per search text ('' for everything), its loaded pages together; the queue per order too. */
export const FLAGGED_PATH = '/api/admin/pogs/flagged';
export const flaggedKey = (search: string, sort: AdminQueueSort = 'newest') => [FLAGGED_PATH, { search, sort }] as const;

export const ALL_POGS_PATH = '/api/admin/pogs/all';
export const allPogsKey = (search: string) => [ALL_POGS_PATH, { search }] as const;

export const ADMIN_USERS_PATH = '/api/admin/users';
export const adminUsersKey = (search: string) => [ADMIN_USERS_PATH, { search }] as const;

/** The search text of a list's key. */
export function searchOfKey(key: readonly unknown[]): string {
  const params = key[1];
  if (typeof params === 'object' && params !== null && 'search' in params && typeof params.search === 'string') return params.search;
  return '';
}

/** The order of a review queue's key: newest first unless it says most reported first. */
export function sortOfKey(key: readonly unknown[]): AdminQueueSort {
  const params = key[1];
  return typeof params === 'object' && params !== null && 'sort' in params && params.sort === 'reports' ? 'reports' : 'newest';
}

/** True for any key of the admin panel (status excluded: it is not panel data). */
export function isAdminDataKey(key: readonly unknown[]): boolean {
  const [path] = key;
  return typeof path === 'string' && path.startsWith(`${ADMIN_ROOT}/`) && path !== ADMIN_STATUS_PATH;
}

export const AUDIT_PATH = '/api/admin/audit';
/** One POG's moderation history: its audit entries and its reports (both admin reads). */
export const pogHistoryKey = (pogId: PogId) => [AUDIT_PATH, { targetType: 'pog', targetId: pogId }] as const;

/** One POG's reports (GET /api/admin/pogs/:id/reports), for the Moderate POG dialog's reasons. */
export const pogReportsKey = (pogId: PogId) => [`${ADMIN_ROOT}/pogs/${pogId}/reports`] as const;

export const AUDIT_LOG_PATH = '/api/admin/audit-log';
/** What the Audit log tab filters by (all optional; `admin`: a session's number or an admin's username). */
export interface AuditLogFilters {
  action?: ModerationAuditAction | undefined;
  admin?: string | undefined;
  targetType?: ModerationTargetType | undefined;
  targetId?: number | undefined;
}
/** One page of the Audit log tab for these filters (`before`: undefined for the newest). */
export const auditLogKey = (filters: AuditLogFilters, before: number | undefined) => [AUDIT_LOG_PATH, { ...filters, before }] as const;
