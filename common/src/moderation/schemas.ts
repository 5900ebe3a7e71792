/** Requests and answers of the admin area and of player reports. */
import { z } from 'zod';
import { roleSchema } from '../schemas/auth';
import {
  adminSessionIdField, asAdminSessionId, asPogId, asUserId, idTextSchema, INT4, MAX_ID, pogIdField, userIdField, type AdminSessionId, type PogId, type UserId,
} from '../schemas/ids';
import { flagReasonSchema } from './flag-reason';

const NOTES_MAX = 1000;
/** The longest ban reason or report reason. */
export const REASON_MAX = 500;

/**
 * What the admin saw when they opened the dialog (`lastModeratedAt` of the POG or player, null when
 * never moderated). When sent, the action only applies if nobody moderated the target since: 409.
 */
const expectedLastModeratedAt = z.iso.datetime({ offset: true, error: 'expectedLastModeratedAt must be a date and time' }).nullable().optional();

/** Act on a target another admin has claimed (./claims.ts): without it, such an action is a 409 naming them. */
const overrideClaim = z.boolean({ error: 'overrideClaim must be true or false' }).optional();

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
    overrideClaim,
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
    overrideClaim,
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

/** The orders of the review queue: newest first (the default), or most reported first, newest first among equals. */
export const ADMIN_QUEUE_SORTS = ['newest', 'reports'] as const;
export type AdminQueueSort = (typeof ADMIN_QUEUE_SORTS)[number];

/** The page cursor of the queue ordered by reports: the last row's report count and id ("3:120"). */
export const reportsCursor = (reportCount: number, id: number): string => `${reportCount}:${id}`;

const REPORTS_CURSOR = /^(0|[1-9]\d{0,9}):([1-9]\d{0,9})$/;
const NOT_A_REPORTS_CURSOR = 'before must be the X-Next-Cursor of the previous page (reports:id)';
const queueBeforeId = idTextSchema('before').brand<'PogId'>();

/** The cursor read for its order: an id (newest), or a report count and an id (reports). */
function queueCursor(sort: AdminQueueSort, before: string, ctx: z.RefinementCtx): { before: PogId; beforeReports?: number } | typeof z.NEVER {
  if (sort === 'newest') {
    const id = queueBeforeId.safeParse(before);
    if (id.success) return { before: id.data };
    for (const issue of id.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['before'] });
    return z.NEVER;
  }
  const match = REPORTS_CURSOR.exec(before);
  const reports = Number(match?.[1]);
  const id = Number(match?.[2]);
  if (!match || reports > INT4.max || id > MAX_ID) {
    ctx.addIssue({ code: 'custom', message: NOT_A_REPORTS_CURSOR, path: ['before'] });
    return z.NEVER;
  }
  return { before: asPogId(id), beforeReports: reports };
}

/**
 * GET /api/admin/pogs/flagged: the review queue, newest first or most reported first (`sort`).
 * `before` is the previous page's X-Next-Cursor, which holds the order's keys: the last id, or with
 * `sort=reports` the last report count and id ("3:120"), so each page starts where the previous
 * one ended in either order. `search` as for every POG.
 */
export const adminQueueQuerySchema = z
  .object({
    search: z.string().trim().max(100, 'Search text is too long (at most 100 characters)').optional(),
    limit: pageLimit(500, 200),
    sort: z.enum(ADMIN_QUEUE_SORTS, { error: 'sort must be newest or reports' }).default('newest'),
    before: z.string({ error: 'before must be text' }).max(32, NOT_A_REPORTS_CURSOR).optional(),
  })
  .transform(({ before, ...query }, ctx): AdminQueueQuery => {
    if (before === undefined) return query;
    const cursor = queueCursor(query.sort, before, ctx);
    return cursor === z.NEVER ? z.NEVER : { ...query, ...cursor };
  });

/** A page of the review queue: after `before` (and, ordered by reports, `beforeReports`) when given. */
export interface AdminQueueQuery {
  search?: string | undefined;
  limit: number;
  sort: AdminQueueSort;
  before?: PogId | undefined;
  beforeReports?: number | undefined;
}

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

/**
 * What the audit log records: every moderation action, manual and automatic. `flagged` (a POG put
 * up for review by the blocklist, a look-alike image or a report), `reported` (a player's report,
 * whether or not it flagged), an admin's decisions on POGs and players, `role_changed` (an
 * operator's set-role) and `spammer_deleted` (an admin's Delete spammer: ban, POGs removed, open
 * trades and battles ended, in one action).
 */
export const MODERATION_AUDIT_ACTIONS = ['flagged', 'reported', 'approved', 'rejected', 'deleted', 'banned', 'unbanned', 'role_changed', 'spammer_deleted'] as const;
export type ModerationAuditAction = (typeof MODERATION_AUDIT_ACTIONS)[number];
export const MODERATION_TARGET_TYPES = ['pog', 'user'] as const;
export type ModerationTargetType = (typeof MODERATION_TARGET_TYPES)[number];

/**
/**
 * What an action is about: a POG or a player, each with an id of its own kind, so a POG's id
 * cannot be recorded (or looked up) as a player's.
 */
export type ModerationTarget = { type: 'pog'; id: PogId } | { type: 'user'; id: UserId };

/** Names a stored target's id by its type (a row or a query gives the two apart). */
export const moderationTargetOf = (type: ModerationTargetType, id: number): ModerationTarget =>
  type === 'pog' ? { type, id: asPogId(id) } : { type, id: asUserId(id) };

/**
 * Who acted: an admin (their admin password session, and the admin-role player signed in beside it
 * when there was one), the server's automatic checks, a player (a report), or an operator at the
 * command line (set-role).
 */
export const AUDIT_ACTOR_KINDS = ['admin', 'automatic', 'player', 'operator'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

export const auditActorSchema = z.object({
  kind: z.enum(AUDIT_ACTOR_KINDS),
  /** When the admin password session started (kind `admin`), kept even once the session is gone. */
  sessionStartedAt: z.string().nullable(),
  /** The admin-role player signed in beside the admin session, or the reporting player. */
  userId: userIdField().nullable(),
  /** Their username as it was then. */
  name: z.string().nullable(),
});
export type AuditActor = z.infer<typeof auditActorSchema>;

const auditEntryFields = {
  id: z.number().int(),
  /** The admin password session (kind `admin`), else null. */
  adminSessionId: adminSessionIdField().nullable(),
  actor: auditActorSchema,
  action: z.enum(MODERATION_AUDIT_ACTIONS),
};
const auditEntryTail = {
  /** The POG's name or the player's username as it was then: the target may be gone since. */
  targetName: z.string().nullable(),
  /** The moderator's notes, the ban reason, the report's reason, or what a role change did. */
  notes: z.string().nullable(),
  /** Why a POG was flagged (`flagged` only). */
  reason: flagReasonSchema.nullable(),
  createdAt: z.string(),
};

/**
 * One line of the audit log (GET /api/admin/audit and /api/admin/audit-log); `targetId` is a POG id
 * or a user id as `targetType` says.
 */
export const moderationAuditEntrySchema = z.discriminatedUnion('targetType', [
  z.object({ ...auditEntryFields, targetType: z.literal('pog'), targetId: pogIdField(), ...auditEntryTail }),
  z.object({ ...auditEntryFields, targetType: z.literal('user'), targetId: userIdField(), ...auditEntryTail }),
]);
export type ModerationAuditEntry = z.infer<typeof moderationAuditEntrySchema>;

/**
 * Which lines of the audit to read: one POG's or player's, every POG's or every player's
 * (`targetType` alone), or any target with this id (`targetId` alone).
 */
export type ModerationAuditTarget = ModerationTarget | { type: ModerationTargetType; id?: undefined } | { type?: undefined; id: PogId | UserId };

function auditTarget(type: ModerationTargetType | undefined, id: number | undefined): ModerationAuditTarget | undefined {
  if (id === undefined) return type ? { type } : undefined;
  return type ? moderationTargetOf(type, id) : { id: id as PogId | UserId };
}

const targetTypeFilter = z.enum(MODERATION_TARGET_TYPES, { error: 'targetType must be pog or user' }).optional();

/** GET /api/admin/audit: newest first, optionally for one target (given as `targetType` and `targetId`). */
export const moderationAuditQuerySchema = z
  .object({
    targetType: targetTypeFilter,
    targetId: idTextSchema('targetId').optional(),
    limit: pageLimit(500, 100),
    before: beforeId,
  })
  .transform(({ targetType, targetId, ...page }) => ({ ...page, target: auditTarget(targetType, targetId) }));
export type ModerationAuditQuery = z.infer<typeof moderationAuditQuerySchema>;

/** The longest text the audit log's admin filter takes. */
export const AUDIT_ADMIN_FILTER_MAX = 64;

/**
 * GET /api/admin/audit-log: the Audit log tab, newest first, a page at a time (`before`: the
 * previous page's `nextBefore`). `admin` is an admin password session's number ("12" or "#12") or
 * the username of the admin-role player who acted; `targetId` alone matches POGs and players alike.
 */
export const auditLogQuerySchema = z.object({
  action: z.enum(MODERATION_AUDIT_ACTIONS, { error: `action must be one of ${MODERATION_AUDIT_ACTIONS.join(', ')}` }).optional(),
  admin: z
    .string({ error: 'admin must be text' })
    .trim()
    .max(AUDIT_ADMIN_FILTER_MAX, `admin must be at most ${AUDIT_ADMIN_FILTER_MAX} characters`)
    .optional()
    .transform((text) => text || undefined),
  targetType: targetTypeFilter,
  targetId: idTextSchema('targetId').optional(),
  limit: pageLimit(200, 50),
  before: beforeId,
}).transform(({ targetType, targetId, ...rest }) => ({ ...rest, target: auditTarget(targetType, targetId) }));
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** An admin filter naming a session: its number, with or without "#". */
export function adminSessionFilter(admin: string): AdminSessionId | null {
  const match = /^#?([1-9]\d{0,9})$/.exec(admin.trim());
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id <= MAX_ID ? asAdminSessionId(id) : null;
}

/** One page of the audit log; `nextBefore` asks for the next (older) page, null after the last. */
export const auditLogPageSchema = z.object({
  entries: z.array(moderationAuditEntrySchema),
  nextBefore: z.number().int().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** One report of GET /api/admin/pogs/:id/reports. */
export const pogReportSchema = z.object({
  id: z.number().int(),
  pogId: pogIdField(),
  userId: userIdField(),
  username: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  /** When a moderator's decision answered it (its reporter was told then); null while open. */
  resolvedAt: z.string().nullable(),
});
export type PogReport = z.infer<typeof pogReportSchema>;

/** GET /api/admin/auth/status */
export const adminAuthStatusSchema = z.object({ authenticated: z.boolean() });
export type AdminAuthStatus = z.infer<typeof adminAuthStatusSchema>;
