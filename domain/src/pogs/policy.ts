/**
 * Who may do what with POGs (docs/rules.md, POGs). A player creates POGs as themselves; only the
 * creator edits a POG, while holding it, before it ever changed hands (`editRefusal`, shared with the
 * web app, which offers Edit only where it holds); only the holder deletes it; a POG a moderator
 * rejected, or one hidden by reports until a moderator decides, exists only for its holder. The
 * creation limits are counted by the commands.
 */
import { ForbiddenError, NotFoundError } from '@pog/common/errors';
import type { UserId } from '@pog/common/schemas/ids';
import { editRefusal } from '@pog/common/pogs/edit-rule';
import { policy, rule, type Actor } from '../authorize';
import type { PogRow } from '../db/schema';
import { mayActAs, notYourself } from '../users/policy';

export const MISSING_POG = 'That POG does not exist (it may have been deleted).';

type Holding = Pick<PogRow, 'userId'>;
type Editable = Pick<PogRow, 'userId' | 'creatorId' | 'changedHands'>;
type Visible = Pick<PogRow, 'userId' | 'moderationStatus' | 'hiddenByReports'>;

export const mayCreatePogAs = (actor: Actor, userId: UserId): boolean => mayActAs(actor, { id: userId });
export const mayEditPog = (actor: Actor, pog: Editable): boolean => editRefusal(pog, actor.id) === null;
export const mayDeletePog = (actor: Actor, pog: Holding): boolean => pog.userId === actor.id;
/**
 * Anyone, signed in or not (`undefined`), sees a POG unless it was rejected, or is hidden by reports
 * until a moderator decides, and they do not hold it.
 */
export const mayViewPog = (viewer: Actor | undefined, pog: Visible): boolean =>
  (pog.moderationStatus !== 'rejected' && !pog.hiddenByReports) || pog.userId === viewer?.id;

export const pogPolicy = policy({
  createAs: rule(mayCreatePogAs, () => notYourself()),
  edit: rule(mayEditPog, (actor, pog) => new ForbiddenError(editRefusal(pog, actor.id)!)),
  delete: rule(mayDeletePog, () => new ForbiddenError('You can only delete POGs you own.')),
  view: rule(mayViewPog, () => new NotFoundError(MISSING_POG)),
});
