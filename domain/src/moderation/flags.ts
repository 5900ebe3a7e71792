/**
 * A POG flagged for review carries why: the columns a flag writes on the POG's row, and its audit
 * line, both in the flagging command's own transaction. Flags come from the scorer (blocklist,
 * look-alike image), a rename (blocklist) and a player's report.
 */
import type { FlagReason } from '@pog/common/moderation/flag-reason';
import type { Tx } from '../db/client';
import type { PogRow } from '../db/schema';
import { recordAudit, type AuditActorInput } from './audit';

/** What a new flag sets on the POG's row: flagged, not approved, and the reason beside it. */
export function flagColumns(reason: FlagReason): Pick<PogRow, 'isFlagged' | 'isApproved' | 'flagCause' | 'flagWord' | 'flagRepeatsPogId'> {
  return { isFlagged: true, isApproved: false, flagCause: reason.cause, flagWord: reason.word, flagRepeatsPogId: reason.repeatsPogId };
}

/** The POG's reason as the API shows it (null when it was never flagged with one). */
export function flagReasonOf(pog: Pick<PogRow, 'flagCause' | 'flagWord' | 'flagRepeatsPogId'>): FlagReason | null {
  return pog.flagCause ? { cause: pog.flagCause, word: pog.flagWord, repeatsPogId: pog.flagRepeatsPogId } : null;
}

export const wordsReason = (word: string): FlagReason => ({ cause: 'words', word, repeatsPogId: null });
export const imageReason = (repeatsPogId: PogRow['id']): FlagReason => ({ cause: 'image', word: null, repeatsPogId });
export const REPORT_REASON: FlagReason = { cause: 'report', word: null, repeatsPogId: null };

/** The audit line of a flag; `notes` is a report's reason. */
export async function recordFlag(
  at: { tx: Tx; now: Date },
  pog: Pick<PogRow, 'id' | 'name'>,
  reason: FlagReason,
  actor: AuditActorInput,
  notes: string | null = null,
): Promise<void> {
  await recordAudit(at.tx, { actor, action: 'flagged', target: { type: 'pog', id: pog.id }, targetName: pog.name, notes, reason }, at.now);
}
