import type { ModerationAuditAction, ModerationTargetType, PogId } from '@pog/common';
/**
 * Query keys of the admin panel. As everywhere in the app the first element is the URL the default
 * query function GETs; every key starts with ADMIN_ROOT so one call refreshes the whole panel.
 */
export const ADMIN_ROOT = '/api/admin';

export const ADMIN_STATUS_PATH = '/api/admin/auth/status';
export const adminStatusKey = [ADMIN_STATUS_PATH] as const;

export const FLAGGED_PATH = '/api/admin/pogs/flagged';
export const flaggedKey = [FLAGGED_PATH] as const;

export const ALL_POGS_PATH = '/api/admin/pogs/all';
/** The All POGs list for one search text ('' for everything). */
export const allPogsKey = (search: string) => [ALL_POGS_PATH, { search }] as const;

export const ADMIN_USERS_PATH = '/api/admin/users';
export const adminUsersKey = [ADMIN_USERS_PATH] as const;

/** True for any key of the admin panel (status excluded: it is not panel data). */
export function isAdminDataKey(key: readonly unknown[]): boolean {
  const [path] = key;
  return typeof path === 'string' && path.startsWith(`${ADMIN_ROOT}/`) && path !== ADMIN_STATUS_PATH;
}

export const AUDIT_PATH = '/api/admin/audit';
/** One POG's moderation history: its audit entries and its reports (both admin reads). */
export const pogHistoryKey = (pogId: PogId) => [AUDIT_PATH, { targetType: 'pog', targetId: pogId }] as const;

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
