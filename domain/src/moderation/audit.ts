/** The moderation audit log: one row per admin action, written in the action's transaction. */
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import {
  moderationTargetOf, type ModerationAuditAction, type ModerationAuditEntry, type ModerationAuditQuery, type ModerationTarget,
} from '@pog/common/moderation/schemas';
import type { AdminSessionId } from '@pog/common/schemas/ids';
import type { Db, Tx } from '../db/client';
import { moderationAudit, type ModerationAuditRow } from '../db/schema';

export interface AuditRecord {
  adminSessionId: AdminSessionId;
  action: ModerationAuditAction;
  /** The POG or player acted on; its type and id are stored side by side. */
  target: ModerationTarget;
  notes: string | null;
}

export async function recordAudit(tx: Tx, record: AuditRecord, now: Date): Promise<void> {
  const { adminSessionId, action, target, notes } = record;
  await tx.insert(moderationAudit).values({ adminSessionId, action, targetType: target.type, targetId: target.id, notes, createdAt: now });
}

/** The target of an audit row, its id named by its type. */
export const auditTarget = (row: Pick<ModerationAuditRow, 'targetType' | 'targetId'>): ModerationTarget => moderationTargetOf(row.targetType, row.targetId);

export function toAuditEntry(row: ModerationAuditRow): ModerationAuditEntry {
  const { id, adminSessionId, action, notes } = row;
  const createdAt = row.createdAt.toISOString();
  const target = auditTarget(row);
  return target.type === 'pog'
    ? { id, adminSessionId, action, targetType: 'pog', targetId: target.id, notes, createdAt }
    : { id, adminSessionId, action, targetType: 'user', targetId: target.id, notes, createdAt };
}

/** Newest first, optionally for one POG or player (or every POG, every player, any target with one id). */
export async function listAudit(db: Db, query: ModerationAuditQuery): Promise<ModerationAuditEntry[]> {
  const { target } = query;
  const conditions: SQL[] = [];
  if (target?.type) conditions.push(eq(moderationAudit.targetType, target.type));
  if (target?.id) conditions.push(eq(moderationAudit.targetId, target.id));
  if (query.before) conditions.push(lt(moderationAudit.id, query.before));
  const rows = await db
    .select()
    .from(moderationAudit)
    .where(and(...conditions))
    .orderBy(desc(moderationAudit.id))
    .limit(query.limit);
  return rows.map(toAuditEntry);
}
