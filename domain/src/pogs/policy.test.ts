import { asUserId } from '@pog/common/schemas/ids';
import { describe, expect, it } from 'vitest';
import { ForbiddenError, NotFoundError } from '@pog/common/errors';
import { EDIT_REFUSALS } from '@pog/common/pogs/edit-rule';
import { mayCreatePogAs, mayDeletePog, mayEditPog, mayViewPog, MISSING_POG, pogPolicy } from './policy';

const creator = { id: asUserId(1) };
const holder = { id: asUserId(2) };
const outsider = { id: asUserId(3) };
const fresh = { userId: asUserId(1), creatorId: asUserId(1), changedHands: false, moderationStatus: 'none' as const, hiddenByReports: false };
const traded = { userId: asUserId(2), creatorId: asUserId(1), changedHands: true, moderationStatus: 'none' as const, hiddenByReports: false };

describe('POG policy', () => {
  it('creates only as oneself', () => {
    expect(mayCreatePogAs(creator, asUserId(1))).toBe(true);
    expect(mayCreatePogAs(creator, asUserId(2))).toBe(false);
    expect(() => pogPolicy.authorize('createAs', creator, asUserId(2))).toThrow(new ForbiddenError('You can only act as yourself (the user must be you).'));
  });

  it('lets the creator edit while holding a POG that never changed hands', () => {
    expect(mayEditPog(creator, fresh)).toBe(true);
    expect(mayEditPog(outsider, fresh)).toBe(false);
    expect(mayEditPog(holder, traded)).toBe(false);
    expect(mayEditPog(creator, traded)).toBe(false);
    expect(mayEditPog(creator, { ...fresh, changedHands: true })).toBe(false);
    expect(() => pogPolicy.authorize('edit', outsider, fresh)).toThrow(EDIT_REFUSALS.notHeld);
    expect(() => pogPolicy.authorize('edit', holder, traded)).toThrow(EDIT_REFUSALS.notCreator);
    expect(() => pogPolicy.authorize('edit', creator, { ...fresh, changedHands: true })).toThrow(EDIT_REFUSALS.changedHands);
    expect(pogPolicy.refusal('edit', holder, traded)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('lets the holder alone delete', () => {
    expect(mayDeletePog(holder, traded)).toBe(true);
    expect(mayDeletePog(creator, traded)).toBe(false);
    expect(() => pogPolicy.authorize('delete', creator, traded)).toThrow('You can only delete POGs you own.');
  });

  it('hides a rejected POG from everyone but its holder, signed in or not', () => {
    const rejected = { ...fresh, moderationStatus: 'rejected' as const };
    expect(mayViewPog(undefined, fresh)).toBe(true);
    expect(mayViewPog(outsider, fresh)).toBe(true);
    expect(mayViewPog(creator, rejected)).toBe(true);
    expect(mayViewPog(outsider, rejected)).toBe(false);
    expect(mayViewPog(undefined, rejected)).toBe(false);
    const refusal = pogPolicy.refusal('view', outsider, rejected);
    expect(refusal).toBeInstanceOf(NotFoundError);
    expect(refusal?.message).toBe(MISSING_POG);
  });

  it('hides a POG hidden by reports from everyone but its holder, like a rejected one', () => {
    const hidden = { ...traded, hiddenByReports: true };
    expect(mayViewPog(holder, hidden)).toBe(true);
    expect(mayViewPog(creator, hidden)).toBe(false);
    expect(mayViewPog(outsider, hidden)).toBe(false);
    expect(mayViewPog(undefined, hidden)).toBe(false);
    expect(pogPolicy.refusal('view', outsider, hidden)).toBeInstanceOf(NotFoundError);
  });
});
