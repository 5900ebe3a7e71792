import type { FlagReason } from '@pog/common';
import { PogLink } from '../../pogs/components/PogLink';

/** The words of a flag's reason, without the link (the audit log's search and tests read it). */
export function flagReasonText(reason: FlagReason): string {
  switch (reason.cause) {
    case 'words':
      return `Blocked word "${reason.word ?? '?'}"`;
    case 'image':
      return `Image repeats POG #${reason.repeatsPogId ?? '?'}`;
    case 'report':
      return "A player's report";
  }
}

/**
 * Why a POG was flagged: the blocked word, the POG whose image it repeats (linked to its page), or a
 * player's report.
 */
export function FlagReasonText({ reason }: { reason: FlagReason }) {
  if (reason.cause === 'image' && reason.repeatsPogId !== null) {
    return (
      <>
        Image repeats <PogLink pog={{ id: reason.repeatsPogId, name: `POG #${reason.repeatsPogId}` }} />
      </>
    );
  }
  return <>{flagReasonText(reason)}</>;
}
