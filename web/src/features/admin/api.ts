/** The admin calls of spec section 7, typed. All go through the app's one client (cookies, errors). */
import { adminApi as routes, adminAuthApi, type ModeratePogRequest, type ModerateUserRequest } from '@pog/common';
import { api } from '../../api/client';

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
  login: (password: string) => api(adminAuthApi.login, { body: { password } }),
  status: (signal?: AbortSignal) => api(adminAuthApi.status, {}, signal),
  logout: () => api(adminAuthApi.logout),
  flagged: (signal?: AbortSignal) => api(routes.flaggedPogs, {}, signal),
  allPogs: (search: string, signal?: AbortSignal) => api(routes.allPogs, { query: { search: search.trim() || undefined } }, signal),
  users: (signal?: AbortSignal) => api(routes.users, {}, signal),
  moderatePog: (pogId: number, body: PogDecisionBody) => api(routes.moderatePog, { params: { id: pogId }, body }),
  deletePog: (pogId: number) => api(routes.deletePog, { params: { id: pogId } }),
  pogAudit: (pogId: number, signal?: AbortSignal) => api(routes.audit, { query: { targetType: 'pog', targetId: pogId } }, signal),
  pogReports: (pogId: number, signal?: AbortSignal) => api(routes.pogReports, { params: { id: pogId } }, signal),
  moderateUser: (userId: number, body: UserDecisionBody) => api(routes.moderateUser, { params: { id: userId }, body }),
};
