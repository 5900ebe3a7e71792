/**
 * A POG's moderation history as the Moderate POG dialog lists it: every moderation action the
 * server recorded (the audit log: flags with their reasons, decisions) and every player's report,
 * newest first, each with who, what, when and the notes or reason. The audit log's own `reported`
 * lines are left out here: the reports themselves are listed (reports older than the log included).
 */
import type { AuditActor, FlagReason, ModerationAuditEntry, PogReport } from '@pog/common';
import { formatModeratedAt } from './display';

export interface HistoryEntry {
  key: string;
  at: string;
  who: string;
  what: string;
  notes: string | null;
  /** Why a POG was flagged (a flag's line only). */
  reason: FlagReason | null;
}

export const ACTION_LABELS: Record<ModerationAuditEntry['action'], string> = {
  flagged: 'Flagged',
  reported: 'Reported',
  approved: 'Approved',
  rejected: 'Rejected',
  deleted: 'Deleted',
  banned: 'Banned',
  unbanned: 'Unbanned',
  role_changed: 'Role changed',
  spammer_deleted: 'Spammer deleted',
};

export const AUTOMATIC_LABEL = 'Automatic check';
export const OPERATOR_LABEL = 'Operator (command line)';

/**
 * Who acted, as an admin would name them. Admins share one password, so an admin is the admin-role
 * player signed in beside their admin session when there was one ('ann (admin)'), else their admin
 * password session, told apart by its number and when it started.
 */
export function actorLabel(entry: Pick<ModerationAuditEntry, 'adminSessionId'> & { actor: AuditActor }, locale?: string): string {
  const { actor } = entry;
  switch (actor.kind) {
    case 'automatic':
      return AUTOMATIC_LABEL;
    case 'operator':
      return OPERATOR_LABEL;
    case 'player':
      return actor.name ?? `Player #${actor.userId ?? '?'}`;
    case 'admin': {
      if (actor.name) return `${actor.name} (admin)`;
      const started = formatModeratedAt(actor.sessionStartedAt, locale);
      return `Admin password session #${entry.adminSessionId ?? '?'}${started ? `, started ${started}` : ''}`;
    }
  }
}

export function moderationHistory(audit: readonly ModerationAuditEntry[], reports: readonly PogReport[], locale?: string): HistoryEntry[] {
  const entries: HistoryEntry[] = [
    ...audit
      .filter((entry) => entry.action !== 'reported')
      .map((entry) => ({
        key: `audit-${entry.id}`,
        at: entry.createdAt,
        who: actorLabel(entry, locale),
        what: ACTION_LABELS[entry.action],
        // A report's flag carries the report's reason, which its report line already shows.
        notes: entry.reason?.cause === 'report' ? null : entry.notes,
        reason: entry.reason,
      })),
    ...reports.map((report) => ({ key: `report-${report.id}`, at: report.createdAt, who: report.username, what: 'Reported', notes: report.reason, reason: null })),
  ];
  return entries.sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || b.key.localeCompare(a.key));
}
