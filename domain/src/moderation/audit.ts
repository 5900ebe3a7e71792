/**
 * The moderation audit log: one row per moderation action, manual or automatic, written in the
 * action's own transaction, naming who acted (actor), what they did to which POG or player, when, and
 * why (notes, a flag's reason). Rows are kept for AUDIT_RETENTION_DAYS (`sweepAudit`).
 */
import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { FlagReason } from '@pog/common/moderation/flag-reason';
import {
  adminSessionFilter,
  moderationTargetOf,
  type AuditLogPage,
  type AuditLogQuery,
  type ModerationAuditAction,
  type ModerationAuditEntry,
  type ModerationAuditQuery,
  type ModerationAuditTarget,
  type ModerationTarget,
} from '@pog/common/moderation/schemas';
import type { AdminSessionId, UserId } from '@pog/common/schemas/ids';
import type { Db, Tx } from '../db/client';
import { adminSessions, moderationAudit, users, type ModerationAuditRow } from '../db/schema';
import { moderationPolicy, type Moderator } from './policy';

/**
 * Who acts, as a command knows it. An admin is their admin password session, plus the player signed
 * in beside it (`playerId`), who is named only if their role is admin. A player (a report) may come
 * with their name already read.
 */
export type AuditActorInput =
  | { kind: 'admin'; adminSessionId: AdminSessionId; playerId?: UserId | undefined }
  | { kind: 'automatic' }
  | { kind: 'player'; userId: UserId; name?: string }
  | { kind: 'operator' };

export const AUTOMATIC: AuditActorInput = { kind: 'automatic' };

/** The actor of an admin's command. */
export const adminActor = (input: { adminSessionId: AdminSessionId; adminPlayerId?: UserId | undefined }): AuditActorInput => ({
  kind: 'admin',
  adminSessionId: input.adminSessionId,
  playerId: input.adminPlayerId,
});

export interface AuditRecord {
  actor: AuditActorInput;
  action: ModerationAuditAction;
  /** The POG or player acted on; its type and id are stored side by side. */
  target: ModerationTarget;
  /** The POG's name or the player's username now. */
  targetName: string | null;
  notes: string | null;
  reason?: FlagReason | null;
}

type ActorColumns = Pick<ModerationAuditRow, 'actorKind' | 'adminSessionId' | 'adminSessionStartedAt' | 'actorUserId' | 'actorName'>;

const nobody = { adminSessionId: null, adminSessionStartedAt: null, actorUserId: null, actorName: null };

/** An admin's columns: their session and when it started, and the player beside it if an admin. */
export async function adminColumns(tx: Tx, actor: Extract<AuditActorInput, { kind: 'admin' }>): Promise<ActorColumns> {
  const [session] = await tx.select({ createdAt: adminSessions.createdAt }).from(adminSessions).where(eq(adminSessions.id, actor.adminSessionId));
  const [player] = actor.playerId === undefined ? [] : await tx.select().from(users).where(eq(users.id, actor.playerId));
  const admin = player?.role === 'admin' && !player.isBanned ? player : undefined;
  return {
    actorKind: 'admin',
    adminSessionId: actor.adminSessionId,
    adminSessionStartedAt: session?.createdAt ?? null,
    actorUserId: admin?.id ?? null,
    actorName: admin?.username ?? null,
  };
}

/** The actor's columns, with the names and times as they are now (the log outlives sessions and players). */
async function actorColumns(tx: Tx, actor: AuditActorInput): Promise<ActorColumns> {
  switch (actor.kind) {
    case 'admin':
      return adminColumns(tx, actor);
    case 'player': {
      const name = actor.name ?? (await tx.select({ username: users.username }).from(users).where(eq(users.id, actor.userId)))[0]?.username ?? null;
      return { ...nobody, actorKind: 'player', actorUserId: actor.userId, actorName: name };
    }
    default:
      return { ...nobody, actorKind: actor.kind };
  }
}

export async function recordAudit(tx: Tx, record: AuditRecord, now: Date): Promise<void> {
  await recordAudits(tx, record.actor, [record], now);
}

/** Lines of one actor (a bulk action's), in one statement: the actor's columns are read once. */
export async function recordAudits(tx: Tx, actor: AuditActorInput, records: Omit<AuditRecord, 'actor'>[], now: Date): Promise<void> {
  if (records.length === 0) return;
  const columns = await actorColumns(tx, actor);
  await tx.insert(moderationAudit).values(
    records.map(({ reason, target, ...rest }) => ({
      ...rest,
      targetType: target.type,
      targetId: target.id,
      ...columns,
      flagCause: reason?.cause ?? null,
      flagWord: reason?.word ?? null,
      flagRepeatsPogId: reason?.repeatsPogId ?? null,
      createdAt: now,
    })),
  );
}

/** The target of an audit row, its id named by its type. */
export const auditTarget = (row: Pick<ModerationAuditRow, 'targetType' | 'targetId'>): ModerationTarget => moderationTargetOf(row.targetType, row.targetId);

export function toAuditEntry(row: ModerationAuditRow): ModerationAuditEntry {
  const { id, adminSessionId, action, targetName, notes } = row;
  const actor = {
    kind: row.actorKind,
    sessionStartedAt: row.adminSessionStartedAt?.toISOString() ?? null,
    userId: row.actorUserId,
    name: row.actorName,
  };
  const reason = row.flagCause ? { cause: row.flagCause, word: row.flagWord, repeatsPogId: row.flagRepeatsPogId } : null;
  const createdAt = row.createdAt.toISOString();
  const fields = { id, adminSessionId, actor, action, targetName, notes, reason, createdAt };
  const target = auditTarget(row);
  return target.type === 'pog' ? { ...fields, targetType: 'pog', targetId: target.id } : { ...fields, targetType: 'user', targetId: target.id };
}

/** One POG's or player's lines, every POG's or every player's, or any target's with one id; older than `before`. */
function targetConditions(query: { target?: ModerationAuditTarget | undefined; before?: number | undefined }): SQL[] {
  const { target } = query;
  const conditions: SQL[] = [];
  if (target?.type) conditions.push(eq(moderationAudit.targetType, target.type));
  if (target?.id) conditions.push(eq(moderationAudit.targetId, target.id));
  if (query.before) conditions.push(lt(moderationAudit.id, query.before));
  return conditions;
}

/** Newest first, optionally for one POG or player (or every POG, every player, any target with one id). */
export async function listAudit(db: Db, query: ModerationAuditQuery): Promise<ModerationAuditEntry[]> {
  const rows = await db
    .select()
    .from(moderationAudit)
    .where(and(...targetConditions(query)))
    .orderBy(desc(moderationAudit.id))
    .limit(query.limit);
  return rows.map(toAuditEntry);
}

/**
 * The admin filter: a session's number picks that admin password session; any other text the
 * admin-role player of that username (any case).
 */
function adminCondition(admin: string): SQL {
  const sessionId = adminSessionFilter(admin);
  if (sessionId !== null) return eq(moderationAudit.adminSessionId, sessionId);
  const named = sql`(select ${users.id} from ${users} where lower(${users.username}) = ${admin.toLowerCase()})`;
  return and(eq(moderationAudit.actorKind, 'admin'), inArray(moderationAudit.actorUserId, named))!;
}

/** One page of the Audit log tab, newest first, filtered by action, admin and target. */
export async function listAuditLog(db: Db, reader: Moderator, query: AuditLogQuery): Promise<AuditLogPage> {
  moderationPolicy.authorize('readAudit', reader, null);
  const conditions = targetConditions(query);
  if (query.action) conditions.push(eq(moderationAudit.action, query.action));
  if (query.admin) conditions.push(adminCondition(query.admin));
  const rows = await db
    .select()
    .from(moderationAudit)
    .where(and(...conditions))
    .orderBy(desc(moderationAudit.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return { entries: page.map(toAuditEntry), nextBefore: rows.length > query.limit ? page[page.length - 1]!.id : null };
}

/** Rows one statement of the sweep deletes at most. */
export const AUDIT_SWEEP_BATCH = 1_000;

/**
 * Deletes the lines older than the retention, in bounded batches (a large backlog never becomes one
 * long-locking statement). Idempotent: a second run finds nothing left to delete.
 */
export async function sweepAudit(db: Db, now: Date, retentionMs: number): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionMs);
  let deleted = 0;
  for (;;) {
    const old = db.select({ id: moderationAudit.id }).from(moderationAudit).where(lt(moderationAudit.createdAt, cutoff)).limit(AUDIT_SWEEP_BATCH);
    const batch = await db.delete(moderationAudit).where(inArray(moderationAudit.id, old)).returning({ id: moderationAudit.id });
    deleted += batch.length;
    if (batch.length < AUDIT_SWEEP_BATCH) return deleted;
  }
}
