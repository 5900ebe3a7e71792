/** Moderation jobs: the audit log's retention sweep. */
import { sweepAudit } from '@pog/domain/moderation';
import { type Clock } from '@pog/domain/clock';
import { type Db } from '@pog/domain/db';
import { type Processor } from '@pog/domain/jobs';

/** How often the audit log is swept; a line outlives its retention by at most this long. */
export const AUDIT_SWEEP_MS = 60 * 60 * 1000;

/** Deletes audit lines past their retention. Idempotent: a second run finds nothing left to delete. */
export function sweepAuditProcessor(deps: { db: Db; clock: Clock; auditRetentionMs: number }): Processor<'audit.sweep'> {
  return async () => ({ deleted: await sweepAudit(deps.db, deps.clock.now(), deps.auditRetentionMs) });
}
