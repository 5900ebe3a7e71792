import { describe, expect, it } from 'vitest';
import { BAN_REASON_REQUIRED, moderatePogRequestSchema, moderateUserRequestSchema, moderationAuditQuerySchema, moderationTargetOf, reportPogRequestSchema } from './schemas';

describe('moderation request schemas', () => {
  it('accepts approve and reject, and nothing in between', () => {
    expect(moderatePogRequestSchema.parse({ isApproved: true, isFlagged: false })).toMatchObject({ isApproved: true, moderationNotes: null });
    expect(moderatePogRequestSchema.parse({ isApproved: false, isFlagged: true, moderationNotes: '  rude  ' }).moderationNotes).toBe('rude');
    expect(moderatePogRequestSchema.safeParse({ isApproved: true, isFlagged: true }).success).toBe(false);
    expect(moderatePogRequestSchema.safeParse({ isApproved: false, isFlagged: false }).success).toBe(false);
  });

  it('takes an optional expectedLastModeratedAt: a date-time or null', () => {
    expect(moderatePogRequestSchema.parse({ isApproved: true, isFlagged: false, expectedLastModeratedAt: null }).expectedLastModeratedAt).toBeNull();
    expect(moderatePogRequestSchema.safeParse({ isApproved: true, isFlagged: false, expectedLastModeratedAt: 'yesterday' }).success).toBe(false);
  });

  it('needs a non-blank reason to ban, and none to unban', () => {
    for (const banReason of [undefined, null, '', '   ']) {
      const result = moderateUserRequestSchema.safeParse({ isBanned: true, banReason });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(BAN_REASON_REQUIRED);
    }
    expect(moderateUserRequestSchema.parse({ isBanned: true, banReason: ' spam ' }).banReason).toBe('spam');
    expect(moderateUserRequestSchema.parse({ isBanned: false }).banReason).toBeNull();
  });

  it('needs a reason to report', () => {
    expect(reportPogRequestSchema.safeParse({ reason: '  ' }).success).toBe(false);
    expect(reportPogRequestSchema.parse({ reason: ' stolen art ' }).reason).toBe('stolen art');
  });
});

describe('the audit query', () => {
  const targetOf = (query: Record<string, string>) => moderationAuditQuerySchema.parse(query).target;

  it('reads targetType and targetId as one target, either alone as a wider filter', () => {
    expect(targetOf({ targetType: 'pog', targetId: '7' })).toEqual({ type: 'pog', id: 7 });
    expect(targetOf({ targetType: 'user', targetId: '3' })).toEqual({ type: 'user', id: 3 });
    expect(targetOf({ targetType: 'user' })).toEqual({ type: 'user' });
    expect(targetOf({ targetId: '9' })).toEqual({ id: 9 });
    expect(targetOf({})).toBeUndefined();
    expect(moderationAuditQuerySchema.parse({ before: '5' })).toEqual({ limit: 100, before: 5, target: undefined });
  });

  it('refuses a bad type or id with the same messages as before', () => {
    expect(moderationAuditQuerySchema.safeParse({ targetType: 'trade' }).error?.issues[0]?.message).toBe('targetType must be pog or user');
    expect(moderationAuditQuerySchema.safeParse({ targetId: '0' }).error?.issues[0]?.message).toBe('targetId must be positive');
  });

  it('names a stored id by its type', () => {
    expect(moderationTargetOf('pog', 4)).toEqual({ type: 'pog', id: 4 });
    expect(moderationTargetOf('user', 4)).toEqual({ type: 'user', id: 4 });
  });
});
