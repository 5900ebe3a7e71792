/** Requests and answers of the admin area and of player reports. */
import { z } from 'zod';
import { roleSchema } from '../schemas/auth';
import { idTextSchema, pogIdField, userIdField } from '../schemas/ids';

const NOTES_MAX = 1000;
/** The longest ban reason or report reason. */
export const REASON_MAX = 500;

/**
 * What the admin saw when they opened the dialog (`lastModeratedAt` of the POG or player, null when
 * never moderated). When sent, the action only applies if nobody moderated the target since: 409.
 */
const expectedLastModeratedAt = z.iso.datetime({ offset: true, error: 'expectedLastModeratedAt must be a date and time' }).nullable().optional();

/**
 * PUT /api/admin/pogs/:id/moderate. Approve is `{isApproved: true, isFlagged: false}`, reject is
 * `{isApproved: false, isFlagged: true}` (product spec: states); other combinations mean nothing.
 */
export const moderatePogRequestSchema = z
  .object({
    isApproved: z.boolean({ error: 'isApproved must be true or false' }),
    isFlagged: z.boolean({ error: 'isFlagged must be true or false' }),
    moderationNotes: z
      .string({ error: 'Moderation notes must be text' })
      .trim()
      .max(NOTES_MAX, `Moderation notes must be at most ${NOTES_MAX} characters`)
      .nullish()
      .transform((notes) => notes || null),
    expectedLastModeratedAt,
  })
  .refine((v) => v.isApproved !== v.isFlagged, {
    message: 'Approve with isApproved true and isFlagged false, or reject with isApproved false and isFlagged true',
    path: ['isApproved'],
  });
export type ModeratePogRequest = z.infer<typeof moderatePogRequestSchema>;

export const BAN_REASON_REQUIRED = 'Please give a reason for the ban';

/** PUT /api/admin/users/:id/moderate. Banning needs a reason that is not blank; unbanning clears it. */
export const moderateUserRequestSchema = z
  .object({
    isBanned: z.boolean({ error: 'isBanned must be true or false' }),
    banReason: z
      .string({ error: 'The ban reason must be text' })
      .trim()
      .max(REASON_MAX, `The ban reason must be at most ${REASON_MAX} characters`)
      .nullish()
      .transform((reason) => reason || null),
    expectedLastModeratedAt,
  })
  .refine((v) => !v.isBanned || v.banReason !== null, { message: BAN_REASON_REQUIRED, path: ['banReason'] });
export type ModerateUserRequest = z.infer<typeof moderateUserRequestSchema>;

/** POST /api/pogs/:id/report */
export const reportPogRequestSchema = z.object({
  reason: z
    .string({ error: 'Please say what is wrong with this POG' })
    .trim()
    .min(1, 'Please say what is wrong with this POG')
    .max(REASON_MAX, `The reason must be at most ${REASON_MAX} characters`),
});
export type ReportPogRequest = z.infer<typeof reportPogRequestSchema>;

const pageLimit = (max: number, fallback: number) =>
  z.coerce
    .number({ error: `limit must be a number from 1 to ${max}` })
    .int(`limit must be a number from 1 to ${max}`)
    .min(1, `limit must be a number from 1 to ${max}`)
    .max(max, `limit must be a number from 1 to ${max}`)
    .default(fallback);
const beforeId = idTextSchema('before').optional();

/**
 * GET /api/admin/pogs/all and /flagged: newest first; `before` is the previous page's X-Next-Cursor
 * (its last id); `search` matches the name or the owner's username, ignoring case.
 */
export const adminPogListQuerySchema = z.object({
  search: z.string().trim().max(100, 'Search text is too long (at most 100 characters)').optional(),
  limit: pageLimit(500, 200),
  before: idTextSchema('before').brand<'PogId'>().optional(),
});
export type AdminPogListQuery = z.infer<typeof adminPogListQuerySchema>;

/**
 * GET /api/admin/users: newest account first, so a new sign-up is on the first page; `search`
 * matches the username, ignoring case; `before` is the previous page's X-Next-Cursor (its last id).
 */
export const adminUserListQuerySchema = z.object({
  search: z.string().trim().max(100, 'Search text is too long (at most 100 characters)').optional(),
  limit: pageLimit(500, 200),
  before: idTextSchema('before').brand<'UserId'>().optional(),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

/** The user as the admin sees it (the product spec (entities), "User (admin view)"). */
export const adminUserSchema = z.object({
  id: userIdField(),
  username: z.string(),
  role: roleSchema,
  isBanned: z.boolean(),
  banReason: z.string().nullable(),
  lastModeratedAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const MODERATION_AUDIT_ACTIONS = ['approved', 'rejected', 'deleted', 'banned', 'unbanned'] as const;
export type ModerationAuditAction = (typeof MODERATION_AUDIT_ACTIONS)[number];
export const MODERATION_TARGET_TYPES = ['pog', 'user'] as const;
export type ModerationTargetType = (typeof MODERATION_TARGET_TYPES)[number];

/** One line of GET /api/admin/audit. */
export const moderationAuditEntrySchema = z.object({
  id: z.number().int(),
  adminSessionId: z.number().int(),
  action: z.enum(MODERATION_AUDIT_ACTIONS),
  targetType: z.enum(MODERATION_TARGET_TYPES),
  targetId: z.number().int(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type ModerationAuditEntry = z.infer<typeof moderationAuditEntrySchema>;

/** GET /api/admin/audit: newest first, optionally for one target. */
export const moderationAuditQuerySchema = z.object({
  targetType: z.enum(MODERATION_TARGET_TYPES, { error: 'targetType must be pog or user' }).optional(),
  targetId: idTextSchema('targetId').optional(),
  limit: pageLimit(500, 100),
  before: beforeId,
});
export type ModerationAuditQuery = z.infer<typeof moderationAuditQuerySchema>;

/** One report of GET /api/admin/pogs/:id/reports. */
export const pogReportSchema = z.object({
  id: z.number().int(),
  pogId: pogIdField(),
  userId: userIdField(),
  username: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
export type PogReport = z.infer<typeof pogReportSchema>;

/** GET /api/admin/auth/status */
export const adminAuthStatusSchema = z.object({ authenticated: z.boolean() });
export type AdminAuthStatus = z.infer<typeof adminAuthStatusSchema>;
