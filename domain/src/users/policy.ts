/**
 * Who may act at all, and as whom: every player command asks these first. A banned player may do
 * nothing (their sessions are ending anyway); an id a client sends for "who I am" (`userId`,
 * `fromUserId`, `challengerId`) must be the acting player's own.
 */
import { ForbiddenError, UnauthorizedError } from '@pog/common/errors';
import type { UserId } from '@pog/common/schemas/ids';
import { policy, rule, type Actor } from '../authorize';

/** The text a banned player reads on their sockets, at login, and from a command the ban overtook. */
export const banMessage = (reason: string | null) => `Your account has been banned${reason ? `: ${reason}` : '.'}`;

/** An id the client claims to be, and what the request calls it ("sender", "challenger", ...). */
export interface Claim {
  id: UserId;
  as?: string;
}

/** Whether this player may act: they exist and are not banned. */
export const mayAct = (actor: Actor | undefined): actor is Actor => actor !== undefined && actor.isBanned !== true;

/** Whether the actor is the player the client claims to be. */
export const mayActAs = (actor: Actor, claim: Claim): boolean => actor.id === claim.id;

/** The 403 for a request that names someone else as "who I am". */
export const notYourself = (as = 'user') => new ForbiddenError(`You can only act as yourself (the ${as} must be you).`);

export const playerPolicy = policy({
  act: rule<Actor | undefined, null>(
    (actor: Actor | undefined) => mayAct(actor),
    (actor) => (actor ? new ForbiddenError(banMessage(actor.banReason ?? null)) : new UnauthorizedError()),
  ),
  actAs: rule(mayActAs, (_, claim) => notYourself(claim.as)),
});

/** Refuses a request whose "who I am" id is not the actor's (403). */
export const authorizeActingAs = (actor: Actor, claimedId: UserId, as?: string): void => playerPolicy.authorize('actAs', actor, { id: claimedId, as });
