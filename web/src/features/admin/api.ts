/** The admin calls of spec section 7, typed. All go through the app's one client (cookies, errors). */
import type { AdminAuthStatus, AdminUser, ModeratePogRequest, ModerateUserRequest, ModerationAuditEntry, Pog, PogReport } from '@pog/common';
import { api } from '../../api/client';
import { ADMIN_STATUS_PATH, ADMIN_USERS_PATH, ALL_POGS_PATH, AUDIT_PATH, FLAGGED_PATH } from './keys';

/** What a client sends; the server trims and fills in the rest. */
export type PogDecisionBody = Pick<ModeratePogRequest, 'isApproved' | 'isFlagged'> & {
  moderationNotes: string;
  expectedLastModeratedAt?: string | null;
};
export type UserDecisionBody = Pick<ModerateUserRequest, 'isBanned'> & {
  banReason: string | null;
  expectedLastModeratedAt?: string | null;
};

export const adminApi = {
  login: (password: string) => api.post<AdminAuthStatus>('/api/admin/auth', { password }),
  status: (signal?: AbortSignal) => api.get<AdminAuthStatus>(ADMIN_STATUS_PATH, signal),
  logout: () => api.post('/api/admin/auth/logout'),
  flagged: (signal?: AbortSignal) => api.get<Pog[]>(FLAGGED_PATH, signal),
  allPogs: (search: string, signal?: AbortSignal) => {
    const query = search.trim() ? `?${new URLSearchParams({ search: search.trim() })}` : '';
    return api.get<Pog[]>(`${ALL_POGS_PATH}${query}`, signal);
  },
  users: (signal?: AbortSignal) => api.get<AdminUser[]>(ADMIN_USERS_PATH, signal),
  moderatePog: (pogId: number, body: PogDecisionBody) => api.put<Pog>(`/api/admin/pogs/${pogId}/moderate`, body),
  deletePog: (pogId: number) => api.delete(`/api/admin/pogs/${pogId}`),
  pogAudit: (pogId: number, signal?: AbortSignal) => api.get<ModerationAuditEntry[]>(`${AUDIT_PATH}?${new URLSearchParams({ targetType: 'pog', targetId: String(pogId) })}`, signal),
  pogReports: (pogId: number, signal?: AbortSignal) => api.get<PogReport[]>(`/api/admin/pogs/${pogId}/reports`, signal),
  moderateUser: (userId: number, body: UserDecisionBody) => api.put<AdminUser>(`/api/admin/users/${userId}/moderate`, body),
};
