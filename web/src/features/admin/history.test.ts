import { describe, expect, it } from 'vitest';
import { asAdminSessionId, asPogId, asUserId, type ModerationAuditEntry, type PogReport } from '@pog/common';
import { moderationHistory } from './history';

const audit = (id: number, action: ModerationAuditEntry['action'], createdAt: string, notes: string | null): ModerationAuditEntry => ({
  id,
  adminSessionId: asAdminSessionId(4),
  action,
  targetType: 'pog',
  targetId: asPogId(7),
  notes,
  createdAt,
});

describe('the moderation history of a POG', () => {
  it('lists every decision and report, newest first, with who, what, when and notes', () => {
    const report: PogReport = { id: 1, pogId: asPogId(7), userId: asUserId(3), username: 'tattler', reason: 'Rude words', createdAt: '2024-05-01T10:00:00.000Z' };
    const history = moderationHistory(
      [audit(2, 'approved', '2024-05-01T12:00:00.000Z', 'Fine after all'), audit(1, 'rejected', '2024-05-01T11:00:00.000Z', null)],
      [report],
    );
    expect(history.map(({ who, what, at, notes }) => [who, what, at, notes])).toEqual([
      ['Admin (session #4)', 'Approved', '2024-05-01T12:00:00.000Z', 'Fine after all'],
      ['Admin (session #4)', 'Rejected', '2024-05-01T11:00:00.000Z', null],
      ['tattler', 'Reported', '2024-05-01T10:00:00.000Z', 'Rude words'],
    ]);
  });
});
