import { asAdminSessionId, asPogId, asUserId } from '@pog/common/schemas/ids';
import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '@pog/common/errors';
import { ADMIN_SESSION_REQUIRED, mayDecideInBatch, mayModerate, mayReportPog, moderationPolicy } from './policy';

const owner = { id: asUserId(1) };
const reporter = { id: asUserId(2) };
const pog = { userId: asUserId(1), moderationStatus: 'none' as const, hiddenByReports: false };

describe('moderation policy', () => {
  it('lets a player report a POG they see and do not hold', () => {
    expect(mayReportPog(reporter, pog)).toBe(true);
    expect(mayReportPog(reporter, { ...pog, moderationStatus: 'approved' })).toBe(true);
    expect(mayReportPog(owner, pog)).toBe(false);
    expect(mayReportPog(reporter, { ...pog, moderationStatus: 'rejected' })).toBe(false);
    // Hidden by reports, it is out of the reporter's sight: no more reports until a moderator decides.
    expect(mayReportPog(reporter, { ...pog, hiddenByReports: true })).toBe(false);
  });

  it('answers a report of an unseen POG as missing, of their own as forbidden', () => {
    expect(() => moderationPolicy.authorize('report', owner, pog)).toThrow(new ForbiddenError('You cannot report your own POG.'));
    expect(moderationPolicy.refusal('report', reporter, { ...pog, moderationStatus: 'rejected' })).toBeInstanceOf(NotFoundError);
    expect(moderationPolicy.refusal('report', owner, { ...pog, moderationStatus: 'rejected' })).toBeInstanceOf(ForbiddenError);
  });

  it('opens moderation to an admin session alone', () => {
    expect(mayModerate({ adminSessionId: asAdminSessionId(7) })).toBe(true);
    expect(mayModerate({})).toBe(false);
    const refusal = moderationPolicy.refusal('moderate', { adminSessionId: undefined }, null);
    expect(refusal).toBeInstanceOf(UnauthorizedError);
    expect(refusal).toMatchObject({ message: ADMIN_SESSION_REQUIRED, status: 401 });
  });

  it('lets a batch reverse a decision or delete anything, but not repeat a decision the POG carries', () => {
    const admin = { adminSessionId: asAdminSessionId(7) };
    const target = (action: 'approve' | 'reject' | 'delete', moderationStatus: 'none' | 'approved' | 'rejected') => ({ action, pog: { id: asPogId(3), name: 'Disc', moderationStatus } });
    expect(mayDecideInBatch(admin, target('approve', 'none'))).toBe(true);
    expect(mayDecideInBatch(admin, target('approve', 'rejected'))).toBe(true);
    expect(mayDecideInBatch(admin, target('reject', 'approved'))).toBe(true);
    expect(mayDecideInBatch(admin, target('delete', 'approved'))).toBe(true);
    expect(mayDecideInBatch(admin, target('delete', 'rejected'))).toBe(true);
    expect(mayDecideInBatch(admin, target('approve', 'approved'))).toBe(false);
    expect(mayDecideInBatch(admin, target('reject', 'rejected'))).toBe(false);
    const repeated = moderationPolicy.refusal('decideInBatch', admin, target('reject', 'rejected'));
    expect(repeated).toBeInstanceOf(ConflictError);
    expect(repeated?.message).toBe('Disc (#3) is already rejected.');
    expect(moderationPolicy.refusal('decideInBatch', {}, target('approve', 'none'))).toBeInstanceOf(UnauthorizedError);
  });
});
