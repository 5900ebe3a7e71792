/**
 * The route table: every JSON route of the gateway under /api, with its schemas. The gateway
 * registers its handlers from these entries (gateway/src/http/route.ts), the web client calls
 * through them (web/src/api/client.ts), and GET /api/openapi.json is generated from them.
 */
import { z } from 'zod';
import { achievementSchema } from '../achievements/api';
import { acceptBattleRequestSchema, battleSchema, createBattleRequestSchema } from '../battles/api';
import { battleVerifyResultSchema } from '../battles/schemas';
import { chatConversationParamSchema, chatMessageSchema, sendChatRequestSchema } from '../chat/schemas';
import { leaderboardQuerySchema, leaderboardSchema } from '../leaderboards/api';
import {
  adminAuthStatusSchema,
  adminPogListQuerySchema,
  adminUserListQuerySchema,
  adminUserSchema,
  moderatePogRequestSchema,
  moderateUserRequestSchema,
  moderationAuditEntrySchema,
  moderationAuditQuerySchema,
  pogReportSchema,
  reportPogRequestSchema,
} from '../moderation/schemas';
import { pogListQuerySchema, pogSchema } from '../pogs/pog';
import { createPogRequestSchema, updatePogRequestSchema } from '../pogs/schemas';
import { debugImageParamSchema, debugImageSchema, uploadedImageSchema } from '../pogs/upload';
import { pogProvenanceSchema } from '../provenance/schemas';
import { adminAuthRequestSchema, loginRequestSchema, registerRequestSchema, userSchema } from '../schemas/auth';
import { battleIdParamSchema, pogIdParamSchema, tradeIdParamSchema, userIdParamSchema, userPathIdSchema } from '../schemas/ids';
import { markReadRequestSchema, notificationListSchema } from '../schemas/notifications';
import { cancelTradeRequestSchema, counterTradeRequestSchema, createTradeRequestSchema, tradeAnswerSchema, tradeSchema } from '../trades/api';
import { userListQuerySchema, publicUserSchema } from '../users/directory';
import { userStatsSchema } from '../users/stats';
import { defineRoute as route } from './route';

const pogs = z.array(pogSchema);
const trades = z.array(tradeSchema);
const battles = z.array(battleSchema);

export const authApi = {
  register: route({ method: 'POST', path: '/api/register', summary: 'Create a player account and sign in', body: registerRequestSchema, response: userSchema, status: 201 }),
  login: route({ method: 'POST', path: '/api/login', summary: 'Sign in', body: loginRequestSchema, response: userSchema }),
  logout: route({ method: 'POST', path: '/api/logout', summary: 'Sign out', response: null, status: 204 }),
  currentUser: route({ method: 'GET', path: '/api/user', summary: 'The signed-in player, with where their event stream stands', response: userSchema }),
};

export const adminAuthApi = {
  login: route({ method: 'POST', path: '/api/admin/auth', summary: 'Enter the admin area with the admin password', body: adminAuthRequestSchema, response: adminAuthStatusSchema }),
  status: route({ method: 'GET', path: '/api/admin/auth/status', summary: 'Whether this browser is in the admin area', response: adminAuthStatusSchema }),
  logout: route({ method: 'POST', path: '/api/admin/auth/logout', summary: 'Leave the admin area', response: null, status: 204 }),
};

export const adminApi = {
  flaggedPogs: route({ method: 'GET', path: '/api/admin/pogs/flagged', summary: 'The moderation queue: flagged POGs, newest first', query: adminPogListQuerySchema, response: pogs }),
  allPogs: route({ method: 'GET', path: '/api/admin/pogs/all', summary: 'Every POG, newest first', query: adminPogListQuerySchema, response: pogs }),
  pogReports: route({ method: 'GET', path: '/api/admin/pogs/:id/reports', summary: "A POG's reports", params: pogIdParamSchema, response: z.array(pogReportSchema) }),
  moderatePog: route({ method: 'PUT', path: '/api/admin/pogs/:id/moderate', summary: 'Approve or reject a POG', params: pogIdParamSchema, body: moderatePogRequestSchema, response: pogSchema }),
  deletePog: route({ method: 'DELETE', path: '/api/admin/pogs/:id', summary: 'Delete a POG', params: pogIdParamSchema, response: null, status: 204 }),
  users: route({ method: 'GET', path: '/api/admin/users', summary: 'Players, oldest account first', query: adminUserListQuerySchema, response: z.array(adminUserSchema) }),
  moderateUser: route({ method: 'PUT', path: '/api/admin/users/:id/moderate', summary: 'Ban or unban a player', params: userPathIdSchema, body: moderateUserRequestSchema, response: adminUserSchema }),
  audit: route({ method: 'GET', path: '/api/admin/audit', summary: 'The moderation audit, newest first', query: moderationAuditQuerySchema, response: z.array(moderationAuditEntrySchema) }),
};

export const pogsApi = {
  create: route({ method: 'POST', path: '/api/pogs', summary: 'Create a POG', body: createPogRequestSchema, response: pogSchema, status: 201 }),
  list: route({ method: 'GET', path: '/api/pogs', summary: 'Explore: POGs, a page at a time', query: pogListQuerySchema, response: pogs, nextCursorHeader: true }),
  recent: route({ method: 'GET', path: '/api/pogs/recent', summary: 'The newest POGs', response: pogs }),
  get: route({ method: 'GET', path: '/api/pogs/:id', summary: 'One POG', params: pogIdParamSchema, response: pogSchema }),
  provenance: route({ method: 'GET', path: '/api/pogs/:id/provenance', summary: "A POG's page: the POG and its history", params: pogIdParamSchema, response: pogProvenanceSchema }),
  update: route({ method: 'PATCH', path: '/api/pogs/:id', summary: "Edit a POG's design", params: pogIdParamSchema, body: updatePogRequestSchema, response: pogSchema }),
  delete: route({ method: 'DELETE', path: '/api/pogs/:id', summary: 'Delete an own POG', params: pogIdParamSchema, response: null, status: 204 }),
  report: route({ method: 'POST', path: '/api/pogs/:id/report', summary: 'Report a POG to the moderators', params: pogIdParamSchema, body: reportPogRequestSchema, response: pogSchema, status: 201 }),
};

export const usersApi = {
  list: route({ method: 'GET', path: '/api/users', summary: 'Players, a page at a time', query: userListQuerySchema, response: z.array(publicUserSchema), nextCursorHeader: true }),
  get: route({ method: 'GET', path: '/api/users/:id', summary: "A player's profile", params: userPathIdSchema, response: publicUserSchema }),
  pogs: route({ method: 'GET', path: '/api/users/:id/pogs', summary: "A player's POGs", params: userPathIdSchema, response: pogs }),
  stats: route({ method: 'GET', path: '/api/users/:id/stats', summary: "A player's stats and limits", params: userPathIdSchema, response: userStatsSchema }),
  achievements: route({ method: 'GET', path: '/api/users/:id/achievements', summary: "A player's achievements with progress", params: userPathIdSchema, response: z.array(achievementSchema) }),
};

export const tradesApi = {
  create: route({ method: 'POST', path: '/api/trades', summary: 'Offer a trade', body: createTradeRequestSchema, response: tradeSchema, status: 201 }),
  pending: route({ method: 'GET', path: '/api/trades/pending/:userId', summary: 'Your pending trades', params: userIdParamSchema, response: trades }),
  history: route({ method: 'GET', path: '/api/trades/history/:userId', summary: 'Your finished trades', params: userIdParamSchema, response: trades }),
  answer: route({ method: 'PATCH', path: '/api/trades/:id/status', summary: 'Accept or reject an offer', params: tradeIdParamSchema, body: tradeAnswerSchema, response: tradeSchema }),
  counter: route({ method: 'POST', path: '/api/trades/:id/counter', summary: 'Answer an offer with your own', params: tradeIdParamSchema, body: counterTradeRequestSchema, response: tradeSchema, status: 201 }),
  cancel: route({ method: 'POST', path: '/api/trades/:id/cancel', summary: 'Withdraw your offer', params: tradeIdParamSchema, body: cancelTradeRequestSchema, response: tradeSchema }),
};

export const battlesApi = {
  create: route({ method: 'POST', path: '/api/battles', summary: 'Challenge a player', body: createBattleRequestSchema, response: battleSchema, status: 201 }),
  pending: route({ method: 'GET', path: '/api/battles/pending/:userId', summary: 'Your open battles', params: userIdParamSchema, response: battles }),
  history: route({ method: 'GET', path: '/api/battles/history/:userId', summary: "A player's closed battles", params: userIdParamSchema, response: battles }),
  get: route({ method: 'GET', path: '/api/battles/:id', summary: 'One battle', params: battleIdParamSchema, response: battleSchema }),
  verify: route({ method: 'GET', path: '/api/battles/:id/verify', summary: 'Recompute a completed battle from its revealed seed', params: battleIdParamSchema, response: battleVerifyResultSchema }),
  accept: route({ method: 'POST', path: '/api/battles/:id/accept', summary: 'Accept a challenge', params: battleIdParamSchema, body: acceptBattleRequestSchema, response: battleSchema }),
  decline: route({ method: 'POST', path: '/api/battles/:id/decline', summary: 'Decline a challenge', params: battleIdParamSchema, response: battleSchema }),
  cancel: route({ method: 'POST', path: '/api/battles/:id/cancel', summary: 'Call off your challenge', params: battleIdParamSchema, response: battleSchema }),
  complete: route({ method: 'POST', path: '/api/battles/:id/complete', summary: 'Play an accepted battle', params: battleIdParamSchema, response: battleSchema }),
};

export const notificationsApi = {
  list: route({ method: 'GET', path: '/api/notifications', summary: 'Your notifications, newest first, with the unread count', response: notificationListSchema }),
  markRead: route({ method: 'POST', path: '/api/notifications/read', summary: 'Mark notifications read (all when no ids)', body: markReadRequestSchema, response: null, status: 204 }),
};

export const chatApi = {
  history: route({ method: 'GET', path: '/api/chat/:id/history', summary: 'Your conversation with PogBot, oldest first', params: chatConversationParamSchema, response: z.array(chatMessageSchema) }),
  send: route({ method: 'POST', path: '/api/chat/:id', summary: "Ask PogBot; answers with PogBot's reply", params: chatConversationParamSchema, body: sendChatRequestSchema, response: chatMessageSchema }),
};

export const leaderboardApi = {
  get: route({ method: 'GET', path: '/api/leaderboard', summary: 'A leaderboard page, with your own rank', query: leaderboardQuerySchema, response: leaderboardSchema }),
};

export const uploadsApi = {
  upload: route({ method: 'POST', path: '/api/upload', summary: 'Upload a picture for a POG', file: 'image', response: uploadedImageSchema, status: 201 }),
  debugImage: route({ method: 'GET', path: '/api/debug/images/:filename', summary: 'Whether a stored picture exists', params: debugImageParamSchema, response: debugImageSchema }),
};

export const docsApi = {
  openapi: route({ method: 'GET', path: '/api/openapi.json', summary: 'This API as an OpenAPI 3.1 document', response: z.record(z.string(), z.unknown()) }),
};

/** Every route, by domain. */
export const apiRoutes = {
  auth: authApi,
  adminAuth: adminAuthApi,
  admin: adminApi,
  pogs: pogsApi,
  users: usersApi,
  trades: tradesApi,
  battles: battlesApi,
  notifications: notificationsApi,
  chat: chatApi,
  leaderboard: leaderboardApi,
  uploads: uploadsApi,
  docs: docsApi,
};
