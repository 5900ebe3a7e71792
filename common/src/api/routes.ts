/**
 * The route table: every JSON route of the gateway under /api (its method and path from ./paths.ts)
 * with its schemas. The gateway registers its handlers from these entries (gateway/src/http/route.ts),
 * the web client's calls are typed by them (web/src/api/client.ts), and GET /api/openapi.json is
 * generated from them.
 */
import { z } from 'zod';
import { achievementSchema } from '../achievements/api';
import { acceptBattleRequestSchema, battleRevealSchema, battleSchema, createBattleRequestSchema } from '../battles/api';
import { battleVerifyResultSchema } from '../battles/schemas';
import { chatConversationParamSchema, chatMessageSchema, sendChatRequestSchema } from '../chat/schemas';
import { leaderboardQuerySchema, leaderboardSchema } from '../leaderboards/api';
import { arenaBadgesSchema, arenaBoardSchema, arenaQuerySchema } from '../arena/api';
import { markRequestSchema, marksSchema, matchesSchema } from '../wishlists/api';
import {
  adminAuthStatusSchema,
  adminPogListQuerySchema,
  adminQueueQuerySchema,
  adminUserListQuerySchema,
  adminUserSchema,
  auditLogPageSchema,
  auditLogQuerySchema,
  moderatePogRequestSchema,
  moderateUserRequestSchema,
  moderationAuditEntrySchema,
  moderationAuditQuerySchema,
  pogReportSchema,
  reportPogRequestSchema,
} from '../moderation/schemas';
import { deleteSpammerRequestSchema, deleteSpammerResultSchema, spammerPreviewSchema } from '../moderation/spammer';
import { claimRequestSchema, moderationClaimSchema, moderationClaimsSchema, overrideClaimQuerySchema } from '../moderation/claims';
import { bulkModeratePogsRequestSchema, bulkModeratePogsResponseSchema } from '../moderation/bulk';
import { pogListQuerySchema, pogSchema } from '../pogs/pog';
import { createPogRequestSchema, scorePreviewRequestSchema, scorePreviewSchema, updatePogRequestSchema } from '../pogs/schemas';
import { debugImageParamSchema, debugImageSchema, uploadedImageSchema } from '../pogs/upload';
import { pogProvenanceSchema } from '../provenance/schemas';
import { adminAuthRequestSchema, loginRequestSchema, registerRequestSchema, userSchema } from '../schemas/auth';
import { battleIdParamSchema, pogIdParamSchema, tradeIdParamSchema, userIdParamSchema, userPathIdSchema } from '../schemas/ids';
import { markReadRequestSchema, notificationListSchema } from '../schemas/notifications';
import { cancelTradeRequestSchema, counterTradeRequestSchema, createTradeRequestSchema, tradeAnswerSchema, tradeSchema } from '../trades/api';
import { userListQuerySchema, publicUserSchema } from '../users/directory';
import { userStatsSchema } from '../users/stats';
import { apiPaths as paths } from './paths';
import { defineRoute as route } from './route';

const pogs = z.array(pogSchema);
const trades = z.array(tradeSchema);
const battles = z.array(battleSchema);

export const authApi = {
  register: route(paths.auth.register, { summary: 'Create a player account and sign in', body: registerRequestSchema, response: userSchema, status: 201 }),
  login: route(paths.auth.login, { summary: 'Sign in', body: loginRequestSchema, response: userSchema }),
  logout: route(paths.auth.logout, { summary: 'Sign out', response: null, status: 204 }),
  currentUser: route(paths.auth.currentUser, { summary: 'The signed-in player, with where their event stream stands', response: userSchema }),
};

export const adminAuthApi = {
  login: route(paths.adminAuth.login, { summary: 'Enter the admin area with the admin password', body: adminAuthRequestSchema, response: adminAuthStatusSchema }),
  status: route(paths.adminAuth.status, { summary: 'Whether this browser is in the admin area', response: adminAuthStatusSchema }),
  logout: route(paths.adminAuth.logout, { summary: 'Leave the admin area', response: null, status: 204 }),
};

/** The admin lists answer a page (X-Next-Cursor, passed back as `before`) and how many match in all. */
const adminPages = { nextCursorHeader: true, totalCountHeader: true } as const;

export const adminApi = {
  flaggedPogs: route(paths.admin.flaggedPogs, { summary: 'The moderation queue: flagged POGs, newest or most reported first, a page at a time', query: adminQueueQuerySchema, response: pogs, ...adminPages }),
  allPogs: route(paths.admin.allPogs, { summary: 'Every POG, newest first, a page at a time', query: adminPogListQuerySchema, response: pogs, ...adminPages }),
  pogReports: route(paths.admin.pogReports, { summary: "A POG's reports", params: pogIdParamSchema, response: z.array(pogReportSchema) }),
  moderatePog: route(paths.admin.moderatePog, { summary: 'Approve or reject a POG', params: pogIdParamSchema, body: moderatePogRequestSchema, response: pogSchema }),
  deletePog: route(paths.admin.deletePog, { summary: 'Delete a POG', params: pogIdParamSchema, query: overrideClaimQuerySchema, response: null, status: 204 }),
  bulkModeratePogs: route(paths.admin.bulkModeratePogs, {
    summary: 'Approve, reject or delete up to 100 POGs at once, all or nothing',
    body: bulkModeratePogsRequestSchema,
    response: bulkModeratePogsResponseSchema,
  }),
  users: route(paths.admin.users, { summary: 'Players, newest account first, a page at a time', query: adminUserListQuerySchema, response: z.array(adminUserSchema), ...adminPages }),
  moderateUser: route(paths.admin.moderateUser, { summary: 'Ban or unban a player', params: userPathIdSchema, body: moderateUserRequestSchema, response: adminUserSchema }),
  spammerPreview: route(paths.admin.spammerPreview, { summary: 'What deleting a player as a spammer would do', params: userPathIdSchema, response: spammerPreviewSchema }),
  deleteSpammer: route(paths.admin.deleteSpammer, {
    summary: 'Delete a spammer: ban them, remove every POG they hold and end their open trades and battles, in one action',
    params: userPathIdSchema,
    body: deleteSpammerRequestSchema,
    response: deleteSpammerResultSchema,
  }),
  audit: route(paths.admin.audit, { summary: 'The moderation audit, newest first', query: moderationAuditQuerySchema, response: z.array(moderationAuditEntrySchema) }),
  auditLog: route(paths.admin.auditLog, { summary: 'The audit log, newest first, a page at a time, filtered by action, admin or target', query: auditLogQuerySchema, response: auditLogPageSchema }),
  claims: route(paths.admin.claims, { summary: 'The claims in force on POGs and players, and the asking admin session', response: moderationClaimsSchema }),
  claimPog: route(paths.admin.claimPog, { summary: 'Claim a POG for review (or renew your claim)', params: pogIdParamSchema, body: claimRequestSchema, response: moderationClaimSchema }),
  releasePog: route(paths.admin.releasePog, { summary: 'Release your claim on a POG', params: pogIdParamSchema, response: null, status: 204 }),
  claimUser: route(paths.admin.claimUser, { summary: 'Claim a player for review (or renew your claim)', params: userPathIdSchema, body: claimRequestSchema, response: moderationClaimSchema }),
  releaseUser: route(paths.admin.releaseUser, { summary: 'Release your claim on a player', params: userPathIdSchema, response: null, status: 204 }),
};

export const pogsApi = {
  create: route(paths.pogs.create, { summary: 'Create a POG', body: createPogRequestSchema, response: pogSchema, status: 201 }),
  scorePreview: route(paths.pogs.scorePreview, {
    summary: 'What a design would score if saved now: the worker\'s sub-scores, rarity and points',
    body: scorePreviewRequestSchema,
    response: scorePreviewSchema,
  }),
  list: route(paths.pogs.list, { summary: 'Explore: POGs, a page at a time', query: pogListQuerySchema, response: pogs, nextCursorHeader: true }),
  recent: route(paths.pogs.recent, { summary: 'The newest POGs', response: pogs }),
  get: route(paths.pogs.get, { summary: 'One POG', params: pogIdParamSchema, response: pogSchema }),
  provenance: route(paths.pogs.provenance, { summary: "A POG's page: the POG and its history", params: pogIdParamSchema, response: pogProvenanceSchema }),
  update: route(paths.pogs.update, { summary: "Edit a POG's design", params: pogIdParamSchema, body: updatePogRequestSchema, response: pogSchema }),
  delete: route(paths.pogs.delete, { summary: 'Delete an own POG', params: pogIdParamSchema, response: null, status: 204 }),
  report: route(paths.pogs.report, { summary: 'Report a POG to the moderators', params: pogIdParamSchema, body: reportPogRequestSchema, response: pogSchema, status: 201 }),
};

export const usersApi = {
  list: route(paths.users.list, { summary: 'Players, a page at a time', query: userListQuerySchema, response: z.array(publicUserSchema), nextCursorHeader: true }),
  get: route(paths.users.get, { summary: "A player's profile", params: userPathIdSchema, response: publicUserSchema }),
  pogs: route(paths.users.pogs, { summary: "A player's POGs", params: userPathIdSchema, response: pogs }),
  stats: route(paths.users.stats, { summary: "A player's stats and limits", params: userPathIdSchema, response: userStatsSchema }),
  achievements: route(paths.users.achievements, { summary: "A player's achievements with progress", params: userPathIdSchema, response: z.array(achievementSchema) }),
};

export const tradesApi = {
  create: route(paths.trades.create, { summary: 'Offer a trade', body: createTradeRequestSchema, response: tradeSchema, status: 201 }),
  pending: route(paths.trades.pending, { summary: 'Your pending trades', params: userIdParamSchema, response: trades }),
  history: route(paths.trades.history, { summary: 'Your finished trades', params: userIdParamSchema, response: trades }),
  answer: route(paths.trades.answer, { summary: 'Accept or reject an offer', params: tradeIdParamSchema, body: tradeAnswerSchema, response: tradeSchema }),
  counter: route(paths.trades.counter, { summary: 'Answer an offer with your own', params: tradeIdParamSchema, body: counterTradeRequestSchema, response: tradeSchema, status: 201 }),
  cancel: route(paths.trades.cancel, { summary: 'Withdraw your offer', params: tradeIdParamSchema, body: cancelTradeRequestSchema, response: tradeSchema }),
};

export const battlesApi = {
  create: route(paths.battles.create, { summary: 'Challenge a player', body: createBattleRequestSchema, response: battleSchema, status: 201 }),
  pending: route(paths.battles.pending, { summary: 'Your open battles', params: userIdParamSchema, response: battles }),
  history: route(paths.battles.history, { summary: "A player's closed battles", params: userIdParamSchema, response: battles }),
  get: route(paths.battles.get, { summary: 'One battle', params: battleIdParamSchema, response: battleSchema }),
  public: route(paths.battles.public, { summary: 'One battle as anyone may watch it: the server seed only once completed', params: battleIdParamSchema, response: battleSchema }),
  verify: route(paths.battles.verify, { summary: 'Recompute a completed battle from its revealed seeds', params: battleIdParamSchema, response: battleVerifyResultSchema }),
  reveal: route(paths.battles.reveal, { summary: "A completed battle's revealed seeds and rolls, public", params: battleIdParamSchema, response: battleRevealSchema }),
  accept: route(paths.battles.accept, { summary: 'Accept a challenge', params: battleIdParamSchema, body: acceptBattleRequestSchema, response: battleSchema }),
  decline: route(paths.battles.decline, { summary: 'Decline a challenge', params: battleIdParamSchema, response: battleSchema }),
  cancel: route(paths.battles.cancel, { summary: 'Call off your challenge', params: battleIdParamSchema, response: battleSchema }),
  complete: route(paths.battles.complete, { summary: 'Play an accepted battle', params: battleIdParamSchema, response: battleSchema }),
};

export const notificationsApi = {
  list: route(paths.notifications.list, { summary: 'Your notifications, newest first, with the unread count', response: notificationListSchema }),
  markRead: route(paths.notifications.markRead, { summary: 'Mark notifications read (all when no ids)', body: markReadRequestSchema, response: null, status: 204 }),
};

export const chatApi = {
  history: route(paths.chat.history, { summary: 'Your conversation with PogBot, oldest first', params: chatConversationParamSchema, response: z.array(chatMessageSchema) }),
  send: route(paths.chat.send, { summary: "Ask PogBot; answers with PogBot's reply", params: chatConversationParamSchema, body: sendChatRequestSchema, response: chatMessageSchema }),
};

export const leaderboardApi = {
  get: route(paths.leaderboard.get, { summary: 'A leaderboard page, with your own rank', query: leaderboardQuerySchema, response: leaderboardSchema }),
};

export const arenaApi = {
  board: route(paths.arena.board, { summary: "This week's arena board, with your own place and last week's winners", query: arenaQuerySchema, response: arenaBoardSchema }),
  badges: route(paths.arena.badges, { summary: "A player's 'Arena winner' badges", params: userPathIdSchema, response: arenaBadgesSchema }),
};

export const wishlistsApi = {
  marks: route(paths.wishlists.marks, { summary: 'Your marks: the POGs you want and yours up for trade', response: marksSchema }),
  mark: route(paths.wishlists.mark, { summary: 'Mark a POG as wanted or up for trade, or take the mark off', params: pogIdParamSchema, body: markRequestSchema, response: marksSchema }),
  matches: route(paths.wishlists.matches, { summary: 'Players to trade with: who holds what you want and wants what you have, best first', response: matchesSchema }),
};

export const uploadsApi = {
  upload: route(paths.uploads.upload, { summary: 'Upload a picture for a POG', file: 'image', response: uploadedImageSchema, status: 201 }),
  debugImage: route(paths.uploads.debugImage, { summary: 'Whether a stored picture exists', params: debugImageParamSchema, response: debugImageSchema }),
};

export const docsApi = {
  openapi: route(paths.docs.openapi, { summary: 'This API as an OpenAPI 3.1 document', response: z.record(z.string(), z.unknown()) }),
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
  arena: arenaApi,
  wishlists: wishlistsApi,
  uploads: uploadsApi,
  docs: docsApi,
};
