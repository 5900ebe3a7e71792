/** The claims' reads and writes for the admin panel's cards, rows and dialogs. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, claimKey, type ModerationClaim, type ModerationTarget } from '@pog/common';
import { api } from '../../api/client';
import { toAppError } from '../../api/errors';
import { useNow } from '../../hooks/useNow';
import { showFailure } from '../errors/showError';
import { applyClaim, CLAIM_TEXT, claimOfConflict, claimOn, claimsKey } from './claims';
import { ADMIN_TEXT } from './messages';
import { moderationFailureMessage } from './outcomes';

export const claimsApi = {
  list: (signal?: AbortSignal) => api(apiPaths.admin.claims, {}, signal),
  claim: (target: ModerationTarget, overrideClaim?: boolean) =>
    target.type === 'pog'
      ? api(apiPaths.admin.claimPog, { params: { id: target.id }, body: { overrideClaim } })
      : api(apiPaths.admin.claimUser, { params: { id: target.id }, body: { overrideClaim } }),
  release: (target: ModerationTarget) =>
    target.type === 'pog' ? api(apiPaths.admin.releasePog, { params: { id: target.id } }) : api(apiPaths.admin.releaseUser, { params: { id: target.id } }),
};

/** The claims in force; live events keep them current (useAdminSocket), a reload of the panel refetches them. */
export function useClaims() {
  return useQuery({ queryKey: claimsKey, queryFn: ({ signal }) => claimsApi.list(signal), meta: { errorToast: false } });
}

export interface TargetClaim {
  /** The claim in force on the target, or null when it is free. */
  claim: ModerationClaim | null;
  /** Held by this admin session. */
  mine: boolean;
  now: number;
}

/** One target's claim, re-read every minute (its time left) and when it lapses (it is free from then). */
export function useClaimOn(target: ModerationTarget): TargetClaim {
  const { data } = useClaims();
  const key = claimKey(target);
  const held = data?.claims.find((claim) => claimKey(claim.target) === key);
  const now = useNow(held ? Date.parse(held.expiresAt) : null);
  const claim = claimOn(data, target, now);
  return { claim, mine: claim !== null && claim.adminSessionId === data?.adminSessionId, now };
}

/** A 409 naming another admin's claim shows it at once (their badge), whatever the refused call was. */
export function noteClaimConflict(queryClient: ReturnType<typeof useQueryClient>, error: unknown): ModerationClaim | null {
  const claim = claimOfConflict(error);
  if (claim) applyClaim(queryClient, { target: claim.target, claim });
  return claim;
}

/** Claim (`claim: true`) or release a target; the other admins hear of it from the server. */
export function useClaimMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ target, claim }: { target: ModerationTarget; claim: boolean }): Promise<ModerationClaim | null> => {
      if (claim) return claimsApi.claim(target);
      await claimsApi.release(target);
      return null;
    },
    onSuccess: (claim, { target }) => applyClaim(queryClient, { target, claim }),
    onError: (error) => {
      noteClaimConflict(queryClient, error);
      showFailure(error, () => ({ title: ADMIN_TEXT.errorTitle, description: moderationFailureMessage(toAppError(error), CLAIM_TEXT.failed) }));
    },
  });
}
