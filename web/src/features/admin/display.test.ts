import { describe, expect, it } from 'vitest';
import { makePog } from '../pogs/testPog';
import { awaitsReview, creatorName, formatModeratedAt, matchesSearch, ownerLabel, pogPoints, roleOf, userInitials } from './display';
import { asUserId } from '@pog/common';

describe('admin display helpers', () => {
  it('shows points, else the score, else 0', () => {
    expect(pogPoints({ points: 1320, score: 71.5 })).toBe(1320);
    expect(pogPoints({ points: null, score: 71.5 })).toBe(71.5);
    expect(pogPoints({ points: null, score: null })).toBe(0);
    expect(pogPoints({ points: 0, score: 50 })).toBe(0);
  });

  it("names the owner, or 'User #id' when the name is missing", () => {
    expect(ownerLabel({ username: 'alice', userId: asUserId(7) })).toBe('by alice');
    expect(ownerLabel({ username: '', userId: asUserId(7) })).toBe('by User #7');
    expect(creatorName({ creatorUsername: '', creatorId: asUserId(3) })).toBe('User #3');
  });

  it("defaults the role to 'user' and gives two-letter initials", () => {
    expect(roleOf({})).toBe('user');
    expect(roleOf({ role: 'admin' })).toBe('admin');
    expect(userInitials({ username: 'zed_player' })).toBe('ZE');
  });

  it('formats Last moderated in local time, and nothing when never moderated', () => {
    expect(formatModeratedAt(null)).toBeNull();
    expect(formatModeratedAt('not a date')).toBeNull();
    const iso = '2024-03-05T14:07:00.000Z';
    expect(formatModeratedAt(iso, 'en-GB')).toBe(new Date(iso).toLocaleString('en-GB'));
  });

  it('keeps flagged POGs in the queue until they are rejected or approved', () => {
    expect(awaitsReview(makePog({ isFlagged: true, moderationStatus: 'none' }))).toBe(true);
    expect(awaitsReview(makePog({ isFlagged: true, moderationStatus: 'rejected' }))).toBe(false);
    expect(awaitsReview(makePog({ isFlagged: false, moderationStatus: 'approved' }))).toBe(false);
  });

  it('searches name or username, ignoring case and surrounding spaces', () => {
    const pog = makePog({ name: 'Sunset Wave', username: 'Alice' });
    expect(matchesSearch(pog, '')).toBe(true);
    expect(matchesSearch(pog, '  sunSET ')).toBe(true);
    expect(matchesSearch(pog, 'ALI')).toBe(true);
    expect(matchesSearch(pog, 'bob')).toBe(false);
  });
});
