/**
 * Who may report and who may moderate. A player reports a POG they can see and do not hold, once
 * (the once is the table's, checked by the command). Moderation belongs to an admin session alone:
 * a player's session, even of a player whose role is admin, never opens it.
 */
import { ForbiddenError, UnauthorizedError } from '@pog/common/errors';
import type { AdminSessionId } from '@pog/common/schemas/ids';
import { policy, rule, type Actor } from '../authorize';
import type { PogRow } from '../db/schema';
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

export const moderationPolicy = policy({
  report: rule(mayReportPog, (actor, pog) => pogPolicy.refusal('view', actor, pog) ?? new ForbiddenError('You cannot report your own POG.')),
  moderate: rule<Moderator, null>(mayModerate, () => new UnauthorizedError(ADMIN_SESSION_REQUIRED)),
  /** The audit log is the admins' alone, like moderation itself. */
  readAudit: rule<Moderator, null>(mayModerate, () => new UnauthorizedError(ADMIN_SESSION_REQUIRED)),
});
