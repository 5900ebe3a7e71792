/**
 * Who may report and who may moderate. A player reports a POG they can see and do not hold, once
 * (the once is the table's, checked by the command). Moderation belongs to an admin session alone:
 * a player's session, even of a player whose role is admin, never opens it.
 */
import { ConflictError, ForbiddenError, UnauthorizedError } from '@pog/common/errors';
import type { BulkPogAction } from '@pog/common/moderation/bulk';
import type { AdminSessionId, UserId } from '@pog/common/schemas/ids';
import { policy, rule, type Actor } from '../authorize';
import type { PogRow, UserRow } from '../db/schema';
import { pogPolicy } from '../pogs/policy';

export const ADMIN_SESSION_REQUIRED = 'Please sign in to the admin panel first.';

/** Who asks for a moderation: the admin session the audit log records, when there is one. */
export interface Moderator {
  adminSessionId?: AdminSessionId;
}

type Reported = Pick<PogRow, 'userId' | 'moderationStatus' | 'hiddenByReports'>;

/** A POG the reporter cannot see reads as missing (404) before anything else is said of it. */
export const mayReportPog = (actor: Actor, pog: Reported): boolean => pogPolicy.refusal('view', actor, pog) === null && pog.userId !== actor.id;
export const mayModerate = (actor: Moderator): boolean => actor.adminSessionId !== undefined;

/** An admin deleting a spammer, with the player signed in beside their admin session (if any). */
export interface SpammerHunter extends Moderator {
  adminPlayerId?: UserId | undefined;
}
type SpammerTarget = Pick<UserRow, 'id' | 'username' | 'role'>;

/**
 * Delete spammer is for plain players: never an admin-role account (demote it first, at the
 * command line), never the admin's own account.
 */
export const mayDeleteSpammer = (actor: SpammerHunter, target: SpammerTarget): boolean =>
  mayModerate(actor) && target.role !== 'admin' && target.id !== actor.adminPlayerId;

function spammerRefusal(actor: SpammerHunter, target: SpammerTarget) {
  if (!mayModerate(actor)) return new UnauthorizedError(ADMIN_SESSION_REQUIRED);
  if (target.id === actor.adminPlayerId) return new ForbiddenError('You cannot delete your own account as a spammer.');
  return new ForbiddenError(`${target.username} is an admin: an admin account cannot be deleted as a spammer.`);
}
/** A POG as one decision of a batch finds it under its lock. */
export interface BatchTarget {
  action: BulkPogAction;
  pog: Pick<PogRow, 'id' | 'name' | 'moderationStatus'>;
}

/**
 * Whether a batch's decision still means something for this POG: approving an approved POG or
 * rejecting a rejected one would tell its owner again of a decision already made (another admin's,
 * most likely, since the batch was chosen), so the batch is refused instead. Any POG may be deleted,
 * and a decision may be reversed, as on one POG.
 */
export const mayDecideInBatch = (actor: Moderator, { action, pog }: BatchTarget): boolean =>
  mayModerate(actor) && !(action === 'approve' && pog.moderationStatus === 'approved') && !(action === 'reject' && pog.moderationStatus === 'rejected');

export const moderationPolicy = policy({
  report: rule(mayReportPog, (actor, pog) => pogPolicy.refusal('view', actor, pog) ?? new ForbiddenError('You cannot report your own POG.')),
  moderate: rule<Moderator, null>(mayModerate, () => new UnauthorizedError(ADMIN_SESSION_REQUIRED)),
  /** One POG of a bulk action: the command collects every refusal and names them all. */
  decideInBatch: rule<Moderator, BatchTarget>(mayDecideInBatch, (actor, { pog }) =>
    mayModerate(actor) ? new ConflictError(`${pog.name} (#${pog.id}) is already ${pog.moderationStatus}.`) : new UnauthorizedError(ADMIN_SESSION_REQUIRED),
  ),
  /** The audit log is the admins' alone, like moderation itself. */
  readAudit: rule<Moderator, null>(mayModerate, () => new UnauthorizedError(ADMIN_SESSION_REQUIRED)),
  deleteSpammer: rule(mayDeleteSpammer, spammerRefusal),
});
