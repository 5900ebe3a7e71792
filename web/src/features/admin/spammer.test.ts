import { describe, expect, it } from 'vitest';
import { AppError, asUserId, spammerSummary, type SpammerPreview } from '@pog/common';
import { spammerConsequences, spammerFailureMessage, SPAMMER_TEXT } from './spammer';

const preview = (footprint: Partial<SpammerPreview['footprint']>, isBanned = false): Pick<SpammerPreview, 'user' | 'footprint'> => ({
  user: { id: asUserId(7), username: 'spamking', role: 'user', isBanned, banReason: null, lastModeratedAt: null },
  footprint: { pogs: 0, offers: 0, battles: 0, designedHeldByOthers: 0, ...footprint },
});

describe('Delete spammer texts', () => {
  it('states what will happen, in counts, before the admin confirms', () => {
    expect(spammerConsequences(preview({ pogs: 2, offers: 1, battles: 0 }))).toEqual([
      'spamking is banned at once and signed out everywhere.',
      '2 POGs they hold are removed for good, whoever designed them.',
      '1 pending trade offer and 0 open battles end; the other players are told.',
      'This cannot be undone.',
    ]);
    expect(spammerConsequences(preview({ pogs: 1, battles: 1, designedHeldByOthers: 3 }, true))).toEqual([
      'spamking stays banned, with this reason.',
      '1 POG they hold is removed for good, whoever designed it.',
      '0 pending trade offers and 1 open battle end; the other players are told.',
      '3 POGs they designed that other players hold now stay with those players.',
      'This cannot be undone.',
    ]);
  });

  it('sums up what went, for the toast and the audit line', () => {
    expect(spammerSummary({ removedPogs: 1, endedOffers: 2, endedBattles: 1 })).toBe('1 POG removed, 2 trade offers and 1 battle ended');
  });

  it('shows the server’s explanation of a refusal, else its own sentence', () => {
    expect(spammerFailureMessage(new AppError('FORBIDDEN', 'boss is an admin'))).toBe('boss is an admin');
    expect(spammerFailureMessage(new AppError('CONFLICT', 'nothing left'))).toBe('nothing left');
    expect(spammerFailureMessage(new AppError('SERVER_ERROR', 'boom'))).toBe(SPAMMER_TEXT.failed);
  });
});
