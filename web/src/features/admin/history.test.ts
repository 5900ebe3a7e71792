import { describe, expect, it } from 'vitest';
import { asAdminSessionId, asPogId, asUserId, type AuditActor, type FlagReason, type ModerationAuditEntry, type PogReport } from '@pog/common';
import { actorLabel, moderationHistory } from './history';

const adminSession: AuditActor = { kind: 'admin', sessionStartedAt: null, userId: null, name: null };

const audit = (id: number, action: ModerationAuditEntry['action'], createdAt: string, notes: string | null, actor: AuditActor = adminSession, reason: FlagReason | null = null): ModerationAuditEntry => ({
  id,
  adminSessionId: actor.kind === 'admin' ? asAdminSessionId(4) : null,
  actor,
  action,
  targetType: 'pog',
  targetId: asPogId(7),
  targetName: 'Blue',
  notes,
  reason,
  createdAt,
});

describe('the moderation history of a POG', () => {
  it('lists every action and report, newest first, with who, what, when, why and notes', () => {
    const report: PogReport = { id: 1, pogId: asPogId(7), userId: asUserId(3), username: 'tattler', reason: 'Rude words', createdAt: '2024-05-01T10:00:00.000Z', resolvedAt: null };
    const flag: FlagReason = { cause: 'image', word: null, repeatsPogId: asPogId(5) };
    const history = moderationHistory(
      [
        audit(3, 'approved', '2024-05-01T12:00:00.000Z', 'Fine after all'),
        audit(2, 'rejected', '2024-05-01T11:00:00.000Z', null),
        audit(1, 'flagged', '2024-05-01T09:00:00.000Z', null, { kind: 'automatic', sessionStartedAt: null, userId: null, name: null }, flag),
        // A report's own audit line: the report itself is listed instead.
        audit(4, 'reported', '2024-05-01T10:00:00.000Z', 'Rude words', { kind: 'player', sessionStartedAt: null, userId: asUserId(3), name: 'tattler' }),
      ],
      [report],
    );
    expect(history.map(({ who, what, at, notes, reason }) => [who, what, at, notes, reason])).toEqual([
      ['Admin password session #4', 'Approved', '2024-05-01T12:00:00.000Z', 'Fine after all', null],
      ['Admin password session #4', 'Rejected', '2024-05-01T11:00:00.000Z', null, null],
      ['tattler', 'Reported', '2024-05-01T10:00:00.000Z', 'Rude words', null],
      ['Automatic check', 'Flagged', '2024-05-01T09:00:00.000Z', null, flag],
    ]);
  });
});

it('leaves out the reason of a report’s flag, which its report line shows', () => {
  const reporter: AuditActor = { kind: 'player', sessionStartedAt: null, userId: asUserId(3), name: 'tattler' };
  const [line] = moderationHistory([audit(5, 'flagged', '2024-05-01T10:00:00.000Z', 'Rude words', reporter, { cause: 'report', word: null, repeatsPogId: null })], []);
  expect(line).toMatchObject({ who: 'tattler', what: 'Flagged', notes: null, reason: { cause: 'report' } });
});

describe('who acted', () => {
  const entry = (actor: AuditActor) => ({ adminSessionId: actor.kind === 'admin' ? asAdminSessionId(12) : null, actor });

  it('names an admin by the admin-role player signed in beside the session', () => {
    expect(actorLabel(entry({ kind: 'admin', sessionStartedAt: '2024-05-01T08:00:00.000Z', userId: asUserId(2), name: 'ann' }))).toBe('ann (admin)');
  });

  it('else by their admin password session and when it started', () => {
    const startedAt = '2024-05-01T08:00:00.000Z';
    expect(actorLabel(entry({ kind: 'admin', sessionStartedAt: startedAt, userId: null, name: null }), 'en-GB')).toBe(
      `Admin password session #12, started ${new Date(startedAt).toLocaleString('en-GB')}`,
    );
  });

  it('names the automatic checks, the operator and a reporting player', () => {
    expect(actorLabel(entry({ kind: 'automatic', sessionStartedAt: null, userId: null, name: null }))).toBe('Automatic check');
    expect(actorLabel(entry({ kind: 'operator', sessionStartedAt: null, userId: null, name: null }))).toBe('Operator (command line)');
    expect(actorLabel(entry({ kind: 'player', sessionStartedAt: null, userId: asUserId(3), name: 'tattler' }))).toBe('tattler');
  });
});
