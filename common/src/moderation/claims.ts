/**
 * Claims on the moderation queue: an admin says "I am looking at this POG (or player)" so that the
 * other admins see it taken, live, and by whom. A claim lapses on its own after the claim time; an
 * expired claim is free. Acting on a target another admin claimed needs `overrideClaim`.
 */
import { z } from 'zod';
import { adminSessionIdField, pogIdField, userIdField, type AdminSessionId } from '../schemas/ids';
import type { ModerationTarget } from './schemas';

/** A claim's target on the wire: the same two kinds as `ModerationTarget`, each with its own id type. */
export const moderationTargetSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pog'), id: pogIdField() }),
  z.object({ type: z.literal('user'), id: userIdField() }),
]);

export const moderationClaimSchema = z.object({
  target: moderationTargetSchema,
  /** The admin password session holding the claim. */
  adminSessionId: adminSessionIdField(),
  /** The admin-role player signed in beside that session when they claimed, else null. */
  adminName: z.string().nullable(),
  claimedAt: z.string(),
  /** When the claim lapses by itself (the claim time after it was taken or renewed). */
  expiresAt: z.string(),
});
export type ModerationClaim = z.infer<typeof moderationClaimSchema>;

/** GET /api/admin/claims: the claims in force, and which admin session is asking (to tell its own apart). */
export const moderationClaimsSchema = z.object({
  adminSessionId: adminSessionIdField(),
  claims: z.array(moderationClaimSchema),
});
export type ModerationClaims = z.infer<typeof moderationClaimsSchema>;

const overrideClaim = z.boolean({ error: 'overrideClaim must be true or false' }).optional();

/** PUT /api/admin/pogs/:id/claim and /api/admin/users/:id/claim. `overrideClaim` takes over another admin's claim. */
export const claimRequestSchema = z.object({ overrideClaim });
export type ClaimRequest = z.infer<typeof claimRequestSchema>;

/** DELETE /api/admin/pogs/:id's "act anyway" on a POG another admin claimed (the moderate bodies carry `overrideClaim`). */
export const overrideClaimQuerySchema = z.object({
  overrideClaim: z.enum(['true', 'false'], { error: 'overrideClaim must be true or false' }).optional().transform((v) => v === 'true'),
});

/** The live news of a claim taken, renewed, released or ended by an action (`claim` null: the target is free). */
export const moderationClaimEventSchema = z.object({ target: moderationTargetSchema, claim: moderationClaimSchema.nullable() });
export type ModerationClaimEvent = z.infer<typeof moderationClaimEventSchema>;

/** How a claim's holder is named, as the audit log names an admin: 'ann (admin)', else 'Admin password session #12'. */
export function claimantLabel(claim: { adminName: string | null; adminSessionId: AdminSessionId }): string {
  return claim.adminName ? `${claim.adminName} (admin)` : `Admin password session #${claim.adminSessionId}`;
}

/** The 409 of an action (or a claim) on a target another admin holds. */
export const claimedByMessage = (claim: { adminName: string | null; adminSessionId: AdminSessionId }): string =>
  `Claimed by ${claimantLabel(claim)}. Act anyway to override their claim.`;

/** A claim is in force until `expiresAt`; from then on the target is free. */
export const claimInForce = (claim: Pick<ModerationClaim, 'expiresAt'>, now: number): boolean => Date.parse(claim.expiresAt) > now;

/** The key a target's claim is found by in a map ('pog:7', 'user:7'). */
export const claimKey = (target: ModerationTarget | ModerationClaim['target']): string => `${target.type}:${target.id}`;
