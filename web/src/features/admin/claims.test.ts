import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { AppError, asAdminSessionId, asPogId, asUserId, type ModerationClaim, type ModerationClaims } from '@pog/common';
import { actAnywayText, applyLiveClaimEvent, claimBadgeText, claimOfConflict, claimOn, claimsKey } from './claims';

const NOW = Date.parse('2024-05-01T12:00:00.000Z');
const pogTarget = { type: 'pog', id: asPogId(7) } as const;

function claimOf(overrides: Partial<ModerationClaim> = {}): ModerationClaim {
  return {
    target: pogTarget,
    adminSessionId: asAdminSessionId(12),
    adminName: 'ann',
    claimedAt: new Date(NOW).toISOString(),
    expiresAt: new Date(NOW + 10 * 60_000).toISOString(),
    ...overrides,
  };
}

describe('claims in the admin panel', () => {
  it('names the holder as the audit log does, with the minutes left rounded up', () => {
    expect(claimBadgeText(claimOf(), false, NOW + 3 * 60_000 + 1)).toBe('Claimed by ann (admin) · 7 min left');
    expect(claimBadgeText(claimOf({ adminName: null }), false, NOW + 9 * 60_000 + 50_000)).toBe('Claimed by Admin password session #12 · 1 min left');
    expect(claimBadgeText(claimOf(), true, NOW)).toBe('Claimed by you · 10 min left');
    expect(actAnywayText(claimOf())).toBe('Claimed by ann (admin) — act anyway?');
  });

  it('treats a lapsed claim as free, and tells a POG’s claim from a player’s with the same id', () => {
    const data: ModerationClaims = { adminSessionId: asAdminSessionId(3), claims: [claimOf()] };
    expect(claimOn(data, pogTarget, NOW + 10 * 60_000 - 1)).toEqual(claimOf());
    expect(claimOn(data, pogTarget, NOW + 10 * 60_000)).toBeNull();
    expect(claimOn(data, { type: 'user', id: asUserId(7) }, NOW)).toBeNull();
  });

  it('applies live claim events to the cached claims, and drops a payload outside the contract', () => {
    const client = new QueryClient();
    client.setQueryData<ModerationClaims>(claimsKey, { adminSessionId: asAdminSessionId(3), claims: [] });
    const userClaim = claimOf({ target: { type: 'user', id: asUserId(7) }, adminName: null });
    applyLiveClaimEvent(client, { target: pogTarget, claim: claimOf() });
    applyLiveClaimEvent(client, { target: userClaim.target, claim: userClaim });
    const taken = claimOf({ adminSessionId: asAdminSessionId(13), adminName: 'bob' });
    applyLiveClaimEvent(client, { target: pogTarget, claim: taken });
    expect(client.getQueryData<ModerationClaims>(claimsKey)?.claims).toEqual([userClaim, taken]);
    applyLiveClaimEvent(client, { target: pogTarget, claim: null });
    expect(client.getQueryData<ModerationClaims>(claimsKey)?.claims).toEqual([userClaim]);

    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    applyLiveClaimEvent(client, { target: { type: 'pog', id: 'seven' }, claim: null });
    expect(client.getQueryData<ModerationClaims>(claimsKey)?.claims).toEqual([userClaim]);
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });

  it('reads the holder from a 409 that names a claim, and nothing from other refusals', () => {
    expect(claimOfConflict(new AppError('CONFLICT', 'Claimed by ann (admin).', { details: { claim: claimOf() } }))).toEqual(claimOf());
    expect(claimOfConflict(new AppError('CONFLICT', 'Another admin moderated this POG in the meantime.'))).toBeNull();
    expect(claimOfConflict(new AppError('NOT_FOUND', 'Gone', { details: { claim: claimOf() } }))).toBeNull();
  });
});
