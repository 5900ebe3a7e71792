/**
 * The live moderation queue: what one `moderation:queue` event says about a list the panel shows.
 * Pure, so the rules are tested without a socket or a query cache.
 */
import { MODERATION_ACTIONS, type ModerationAction, type Pog } from '@pog/common';
import type { LiveChange } from './paged';

export function isModerationAction(value: unknown): value is ModerationAction {
  return typeof value === 'string' && (MODERATION_ACTIONS as readonly string[]).includes(value);
}

export interface ModerationQueueEvent {
  action: ModerationAction;
  pog: Pog;
}

/**
 * The event as a change of a list whose members are the POGs `member` accepts. A deleted POG
 * leaves every list; its snapshot is its state before, so whether it was a member is known. A new
 * POG was in no list. Otherwise, when membership depends on the moderation state (the review
 * queue), the event does not say whether the POG was a member before; when it depends only on the
 * name and owner (a search), it was a member before exactly when it is now.
 */
export function queueChange(event: ModerationQueueEvent, member: (pog: Pog) => boolean, dependsOnModeration: boolean): LiveChange<Pog> {
  const { action, pog } = event;
  const isMember = member(pog);
  const belonged = action === 'created' ? false : action === 'deleted' || !dependsOnModeration ? isMember : undefined;
  return { item: pog, belongs: action !== 'deleted' && isMember, belonged };
}
