/** The moderation audit log: one row per admin action, written in the action's transaction. */
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { ModerationAuditAction, ModerationAuditEntry, ModerationAuditQuery, ModerationTargetType } from '@pog/common/moderation/schemas';
import type { Db, Tx } from '../db/client';
import { moderationAudit, type ModerationAuditRow } from '../db/schema';

export interface AuditRecord {
  adminSessionId: number;
  action: ModerationAuditAction;
  targetType: ModerationTargetType;
  targetId: number;
  notes: string | null;
}

export async function recordAudit(tx: Tx, record: AuditRecord, now: Date): Promise<void> {
  await tx.insert(moderationAudit).values({ ...record, createdAt: now });
}

export function toAuditEntry(row: ModerationAuditRow): ModerationAuditEntry {
  return {
    id: row.id,
    adminSessionId: row.adminSessionId,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Newest first, optionally for one POG or player. */
export async function listAudit(db: Db, query: ModerationAuditQuery): Promise<ModerationAuditEntry[]> {
  const conditions: SQL[] = [];
  if (query.targetType) conditions.push(eq(moderationAudit.targetType, query.targetType));
  if (query.targetId) conditions.push(eq(moderationAudit.targetId, query.targetId));
  if (query.before) conditions.push(lt(moderationAudit.id, query.before));
  const rows = await db
    .select()
    .from(moderationAudit)
    .where(and(...conditions))
    .orderBy(desc(moderationAudit.id))
    .limit(query.limit);
  return rows.map(toAuditEntry);
}
