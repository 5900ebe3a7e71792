/**
 * The live moderation queue: how one `moderation:queue` event changes a list the panel shows.
 * Pure, so the rules are tested without a socket or a query cache.
 */
import { MODERATION_ACTIONS, type ModerationAction, type Pog } from '@pog/common';

export function isModerationAction(value: unknown): value is ModerationAction {
  return typeof value === 'string' && (MODERATION_ACTIONS as readonly string[]).includes(value);
}

export interface ModerationQueueEvent {
  action: ModerationAction;
  pog: Pog;
}

/**
 * Puts the event's POG where it belongs in a newest-first list: replaced in place, inserted by id,
 * or removed when it was deleted or no longer `belongs` (e.g. approved, so no longer flagged).
 * Returns the same array when nothing changed, so unchanged caches do not re-render.
 */
export function applyQueueEvent(list: readonly Pog[], event: ModerationQueueEvent, belongs: (pog: Pog) => boolean): readonly Pog[] {
  const { pog } = event;
  const index = list.findIndex((item) => item.id === pog.id);
  const keep = event.action !== 'deleted' && belongs(pog);
  if (!keep) return index === -1 ? list : list.filter((item) => item.id !== pog.id);
  if (index !== -1) return list.map((item) => (item.id === pog.id ? pog : item));
  const at = list.findIndex((item) => item.id < pog.id);
  return at === -1 ? [...list, pog] : [...list.slice(0, at), pog, ...list.slice(at)];
}
