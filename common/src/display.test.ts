import { describe, expect, it } from 'vitest';
import { avatarColorFor, avatarInitials, expiresIn, timeAgo } from './display';

describe('avatarInitials: one rule for every avatar', () => {
  it('uses the first two letters of the username upper-cased, falling back to U', () => {
    expect(avatarInitials('pogmaster')).toBe('PO');
    expect(avatarInitials('bob')).toBe('BO');
    expect(avatarInitials('x')).toBe('X');
    expect(avatarInitials('')).toBe('U');
    expect(avatarInitials(undefined)).toBe('U');
  });
});

describe('timeAgo', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it.each([
    [null, 'unknown time'],
    ['not a date', 'unknown time'],
    ['2026-11-22T11:59:30Z', 'just now'],
    ['2026-11-22T11:59:00Z', '1m ago'],
    ['2026-11-22T11:01:00Z', '59m ago'],
    ['2026-11-22T11:00:00Z', '1h ago'],
    ['2026-11-21T12:00:01Z', '23h ago'],
    ['2026-11-21T12:00:00Z', '1d ago'],
    ['2026-11-12T12:00:00Z', '10d ago'],
  ])('%j is %j', (date, expected) => expect(timeAgo(date, now)).toBe(expected));
});

describe('expiresIn', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it.each([
    ['not a date', 'Expiry unknown'],
    ['2026-11-22T12:00:00Z', 'Expired'],
    ['2026-11-22T11:00:00Z', 'Expired'],
    ['2026-11-22T12:00:59Z', 'Expires in under a minute'],
    ['2026-11-22T12:01:00Z', 'Expires in 1m'],
    ['2026-11-22T12:59:59Z', 'Expires in 59m'],
    ['2026-11-22T13:00:00Z', 'Expires in 1h 0m'],
    ['2026-11-23T11:59:00Z', 'Expires in 23h 59m'],
    ['2026-11-23T12:00:00Z', 'Expires in 1d 0h'],
    ['2026-11-29T11:59:00Z', 'Expires in 6d 23h'],
  ])('%j is %j', (until, expected) => expect(expiresIn(until, now)).toBe(expected));
});

describe('avatarColorFor', () => {
  it('is stable per username regardless of case', () => {
    expect(avatarColorFor('Player1')).toBe(avatarColorFor('player1'));
    expect(avatarColorFor('someone')).toMatch(/^#[0-9A-F]{6}$/);
  });
});
