/**
 * Who may edit a POG, and which edits cost a creation (decisions.md, Edits; docs/rules.md, POGs).
 * Shared by the server, which enforces it, and the web app, which offers Edit only where it holds.
 */
import type { Pog } from './pog';
import type { UserId } from '../schemas/ids';

export const EDIT_REFUSALS = {
  notHeld: 'You can only edit POGs you hold.',
  notCreator: 'Only the creator of a POG can edit it.',
  changedHands: 'This POG has changed hands, so its design can no longer be edited.',
} as const;

/** Why this player may not edit this POG, or null: only its creator, while holding it, before it ever changed hands. */
export function editRefusal(pog: Pick<Pog, 'userId' | 'creatorId' | 'changedHands'>, playerId: UserId | null): string | null {
  if (playerId === null || pog.userId !== playerId) return EDIT_REFUSALS.notHeld;
  if (pog.creatorId !== playerId) return EDIT_REFUSALS.notCreator;
  if (pog.changedHands) return EDIT_REFUSALS.changedHands;
  return null;
}

/** What the scorer looks at: everything of a POG's look but its name. */
export const DESIGN_FIELDS = ['textContent', 'fontFamily', 'textColor', 'backgroundColor1', 'backgroundColor2', 'imageUrl', 'imageStyle'] as const;
export type DesignField = (typeof DESIGN_FIELDS)[number];

/**
 * Whether saving `next` over `current` changes the design (and so is scored again and counts as a
 * creation). Renaming alone does not: the name is not scored.
 */
export function changesDesign(current: Pick<Pog, DesignField>, next: Partial<Pick<Pog, DesignField>>): boolean {
  return DESIGN_FIELDS.some((field) => next[field] !== undefined && next[field] !== current[field]);
}
