/**
 * Claims in the admin panel: the claims in force (GET /api/admin/claims), kept in step by the live
 * `moderation:claim` events and this admin's own claims, releases, actions and refusals. How a claim
 * reads on screen is here too, pure, so it is tested without React.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  AppError,
  claimantLabel,
  claimInForce,
  claimKey,
  moderationClaimEventSchema,
  moderationClaimSchema,
  type ModerationClaim,
  type ModerationClaimEvent,
  type ModerationClaims,
  type ModerationTarget,
} from '@pog/common';
import { reportError } from '../errors/showError';

/** What the claim controls say (ours: the product spec has no claims). */
export const CLAIM_TEXT = {
  claim: 'Claim',
  release: 'Release',
  failed: 'Failed to update the claim',
  actAnyway: 'Act anyway',
  cancel: 'Cancel',
} as const;

/** Starts with the panel's root, so a reload of the panel's data reloads the claims too. */
export const CLAIMS_PATH = '/api/admin/claims';
export const claimsKey = [CLAIMS_PATH] as const;

/** The claims after one event: the target's claim replaced, added, or (null) removed. */
export function applyClaimEvent(claims: readonly ModerationClaim[], event: ModerationClaimEvent): ModerationClaim[] {
  const key = claimKey(event.target);
  const others = claims.filter((claim) => claimKey(claim.target) !== key);
  return event.claim ? [...others, event.claim] : others;
}

/** Writes one claim event into the cached claims (when they are loaded). */
export function applyClaim(queryClient: QueryClient, event: ModerationClaimEvent): void {
  queryClient.setQueryData<ModerationClaims>(claimsKey, (data) => (data ? { ...data, claims: applyClaimEvent(data.claims, event) } : data));
}

/** Another admin claimed or released something, or an action ended a claim: checked before it reaches the screens. */
export function applyLiveClaimEvent(queryClient: QueryClient, payload: unknown): void {
  const event = moderationClaimEventSchema.safeParse(payload);
  if (!event.success) {
    reportError(event.error, 'moderation:claim payload');
    return;
  }
  applyClaim(queryClient, event.data);
}

/** The claim a 409 carries when another admin holds the target, else null. */
export function claimOfConflict(error: unknown): ModerationClaim | null {
  if (!(error instanceof AppError) || error.code !== 'CONFLICT') return null;
  const details = error.details as { claim?: unknown } | undefined;
  const claim = moderationClaimSchema.safeParse(details?.claim);
  return claim.success ? claim.data : null;
}

/** The target's claim in force at `now`, if any. */
export function claimOn(data: ModerationClaims | undefined, target: ModerationTarget, now: number): ModerationClaim | null {
  const key = claimKey(target);
  return data?.claims.find((claim) => claimKey(claim.target) === key && claimInForce(claim, now)) ?? null;
}

/** Whole minutes left, rounded up (a claim with 20 s left has '1 min left'). */
export function minutesLeft(claim: Pick<ModerationClaim, 'expiresAt'>, now: number): number {
  return Math.max(1, Math.ceil((Date.parse(claim.expiresAt) - now) / 60_000));
}

/** 'you' for this admin's own claim, else the holder as the audit log names an admin. */
export const holderName = (claim: ModerationClaim, mine: boolean): string => (mine ? 'you' : claimantLabel(claim));

/** The badge: 'Claimed by ann (admin) · 7 min left'. */
export function claimBadgeText(claim: ModerationClaim, mine: boolean, now: number): string {
  return `Claimed by ${holderName(claim, mine)} · ${minutesLeft(claim, now)} min left`;
}

/** The question before acting on a target another admin holds. */
export const actAnywayText = (claim: ModerationClaim): string => `Claimed by ${claimantLabel(claim)} — act anyway?`;
