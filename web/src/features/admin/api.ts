/** The admin calls of the product spec (calls), typed. All go through the app's one client (cookies, errors). */
import { apiPaths, type AdminQueueSort, type ModeratePogRequest, type ModerateUserRequest, type PogId, type UserId } from '@pog/common';
import { api, apiWithHeaders, type ApiResponse } from '../../api/client';
import type { AuditLogFilters } from './keys';
import type { AdminListPage } from './paged';

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

/** A page of an admin list, with the count of every match and the next page's cursor from the headers. */
function toPage<T>({ data, headers }: ApiResponse<T[]>): AdminListPage<T> {
  const total = Number(headers.get('X-Total-Count') ?? Number.NaN);
  const nextCursor = headers.get('X-Next-Cursor') || null;
  // Without the header (it is always sent), what is known: at least the rows here, one more if a page follows.
  return { items: data, total: Number.isFinite(total) ? total : data.length + (nextCursor ? 1 : 0), nextCursor };
}

/** A list's query: the search ('' for none) and the page (null for the first). */
const listQuery = (search: string, before: string | null) => ({ query: { search: search.trim() || undefined, before: before ?? undefined } });

export const adminApi = {
  login: (password: string) => api(apiPaths.adminAuth.login, { body: { password } }),
  status: (signal?: AbortSignal) => api(apiPaths.adminAuth.status, {}, signal),
  logout: () => api(apiPaths.adminAuth.logout),
  /** The review queue in `sort` order; `before` is the previous page's cursor in that order. */
  flagged: async (search: string, before: string | null, signal?: AbortSignal, sort: AdminQueueSort = 'newest') =>
    toPage(await apiWithHeaders(apiPaths.admin.flaggedPogs, { query: { ...listQuery(search, before).query, sort } }, signal)),
  allPogs: async (search: string, before: string | null, signal?: AbortSignal) => toPage(await apiWithHeaders(apiPaths.admin.allPogs, listQuery(search, before), signal)),
  users: async (search: string, before: string | null, signal?: AbortSignal) => toPage(await apiWithHeaders(apiPaths.admin.users, listQuery(search, before), signal)),
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
