/**
 * A POG's moderation history as the Moderate POG dialog lists it: every admin decision the server
 * recorded (the audit log) and every player's report, newest first, each with who, what, when and
 * the notes or reason.
 */
import type { AdminSessionId, ModerationAuditEntry, PogReport } from '@pog/common';

export interface HistoryEntry {
  key: string;
  at: string;
  who: string;
  what: string;
  notes: string | null;
}

const ACTION_LABELS: Record<ModerationAuditEntry['action'], string> = {
  approved: 'Approved',
  rejected: 'Rejected',
  deleted: 'Deleted',
  banned: 'Banned',
  unbanned: 'Unbanned',
};

/** Admins share one password, so an admin is known by the number of their admin session. */
export const adminLabel = (sessionId: AdminSessionId) => `Admin (session #${sessionId})`;

export function moderationHistory(audit: readonly ModerationAuditEntry[], reports: readonly PogReport[]): HistoryEntry[] {
  const entries: HistoryEntry[] = [
    ...audit.map((entry) => ({ key: `audit-${entry.id}`, at: entry.createdAt, who: adminLabel(entry.adminSessionId), what: ACTION_LABELS[entry.action], notes: entry.notes })),
    ...reports.map((report) => ({ key: `report-${report.id}`, at: report.createdAt, who: report.username, what: 'Reported', notes: report.reason })),
  ];
  return entries.sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || b.key.localeCompare(a.key));
}
