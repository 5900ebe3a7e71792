import { asAdminSessionId, asUserId } from '@pog/common/schemas/ids';
import { describe, expect, it } from 'vitest';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '@pog/common/errors';
import { ADMIN_SESSION_REQUIRED, mayModerate, mayReportPog, moderationPolicy } from './policy';

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
});
