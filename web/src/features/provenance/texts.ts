/** The words of a POG's page (docs/rules.md, Provenance): pure, so they are tested apart from the screen. */
import { formatWait, type HistoryEntry, type Pog } from '@pog/common';

type Moderated = Extract<HistoryEntry, { kind: 'moderated' }>;

export const PROVENANCE_TEXT = {
  history: 'History',
  earlierMissing: 'Earlier history was not recorded (this POG is older than its history).',
  notFound: 'That POG does not exist (it may have been deleted).',
  watch: 'See the battle',
  verify: 'Verify the rolls',
  ready: 'Ready to trade',
} as const;

export function moderationText({ action, cause }: Pick<Moderated, 'action' | 'cause'>): string {
  if (action === 'approved') return 'Approved by a moderator.';
  if (action === 'rejected') return 'Rejected by a moderator.';
  if (cause === 'words') return 'Flagged for review: its name or text has words that are not allowed.';
  if (cause === 'image') return "Flagged for review: its image looks almost the same as another player's POG.";
  if (cause === 'report') return 'Flagged for review after a player reported it.';
  return 'Flagged for review by a moderator.';
}

/** "rolled 57 to 43 and won" / "rolled 43 to 57 and lost": the holder's roll first. */
export function rollsText(entry: Pick<Extract<HistoryEntry, { kind: 'battled' }>, 'holderRoll' | 'opponentRoll' | 'won'>): string {
  return `rolled ${entry.holderRoll} to ${entry.opponentRoll} and ${entry.won ? 'won' : 'lost'}`;
}

/** "3 of 15 trades used". */
export function supplyText(used: number, max: number): string {
  return `${used} of ${max} trade${max === 1 ? '' : 's'} used`;
}

/** "On cooldown for 4 minutes" or "Ready to trade". */
export function cooldownText(pog: Pick<Pog, 'cooldownUntil'>, now: Date): string {
  const left = pog.cooldownUntil ? (new Date(pog.cooldownUntil).getTime() - now.getTime()) / 1000 : 0;
  return left > 0 ? `On cooldown for ${formatWait(left)}` : PROVENANCE_TEXT.ready;
}
