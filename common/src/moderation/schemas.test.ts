import { describe, expect, it } from 'vitest';
import { BAN_REASON_REQUIRED, moderatePogRequestSchema, moderateUserRequestSchema, reportPogRequestSchema } from './schemas';

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
