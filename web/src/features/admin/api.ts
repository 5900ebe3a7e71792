/** The admin calls of the product spec (calls), typed. All go through the app's one client (cookies, errors). */
import { apiPaths, type ModeratePogRequest, type ModerateUserRequest, type PogId, type UserId } from '@pog/common';
import type { AuditLogFilters } from './keys';
import { api } from '../../api/client';

/** What a client sends; the server trims and fills in the rest. */
export type PogDecisionBody = Pick<ModeratePogRequest, 'isApproved' | 'isFlagged'> & {
  moderationNotes: string;
  expectedLastModeratedAt?: string | null;
  /** Act although another admin claimed the POG. */
  overrideClaim?: boolean;
};
export type UserDecisionBody = Pick<ModerateUserRequest, 'isBanned'> & {
  banReason: string | null;
  expectedLastModeratedAt?: string | null;
  /** Act although another admin claimed the player. */
  overrideClaim?: boolean;
};

export const adminApi = {
  login: (password: string) => api(apiPaths.adminAuth.login, { body: { password } }),
  status: (signal?: AbortSignal) => api(apiPaths.adminAuth.status, {}, signal),
  logout: () => api(apiPaths.adminAuth.logout),
  flagged: (signal?: AbortSignal) => api(apiPaths.admin.flaggedPogs, {}, signal),
  allPogs: (search: string, signal?: AbortSignal) => api(apiPaths.admin.allPogs, { query: { search: search.trim() || undefined } }, signal),
  users: (signal?: AbortSignal) => api(apiPaths.admin.users, {}, signal),
  moderatePog: (pogId: PogId, body: PogDecisionBody) => api(apiPaths.admin.moderatePog, { params: { id: pogId }, body }),
  deletePog: (pogId: PogId, overrideClaim = false) => api(apiPaths.admin.deletePog, { params: { id: pogId }, query: { overrideClaim: overrideClaim ? 'true' : undefined } }),
  pogAudit: (pogId: PogId, signal?: AbortSignal) => api(apiPaths.admin.audit, { query: { targetType: 'pog', targetId: pogId } }, signal),
  pogReports: (pogId: PogId, signal?: AbortSignal) => api(apiPaths.admin.pogReports, { params: { id: pogId } }, signal),
  /** One page of the Audit log tab: `before` is the previous page's `nextBefore`. */
  auditLog: (filters: AuditLogFilters, before: number | undefined, signal?: AbortSignal) =>
    api(
      apiPaths.admin.auditLog,
      {
        query: {
          action: filters.action,
          admin: filters.admin || undefined,
          targetType: filters.targetType,
          targetId: filters.targetId === undefined ? undefined : String(filters.targetId),
          before: before === undefined ? undefined : String(before),
        },
      },
      signal,
    ),
  moderateUser: (userId: UserId, body: UserDecisionBody) => api(apiPaths.admin.moderateUser, { params: { id: userId }, body }),
};
