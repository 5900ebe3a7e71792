import { describe, expect, it } from 'vitest';
import { searchPlayers, shownName } from './playerSearch';

const players = [
  { username: 'rocky', displayName: 'Rocky Balboa' },
  { username: 'ada', displayName: '' },
  { username: 'zed', displayName: 'Apollo' },
];

describe('searchPlayers', () => {
  it('lists everyone in name order when the search is empty', () => {
    expect(searchPlayers(players, '  ').map((p) => p.username)).toEqual(['ada', 'zed', 'rocky']);
  });

  it('matches the username or the display name, whatever the case', () => {
    expect(searchPlayers(players, 'BALB').map((p) => p.username)).toEqual(['rocky']);
    expect(searchPlayers(players, 'ze').map((p) => p.username)).toEqual(['zed']);
    expect(searchPlayers(players, 'apol').map((p) => p.username)).toEqual(['zed']);
  });

  it('accepts a leading @ as typed from a handle', () => {
    expect(searchPlayers(players, '@ada').map((p) => p.username)).toEqual(['ada']);
  });

  it('finds nobody for a name nobody has', () => {
    expect(searchPlayers(players, 'nobody')).toEqual([]);
  });

  it('leaves the given list untouched', () => {
    const before = players.map((p) => p.username);
    searchPlayers(players, '');
    expect(players.map((p) => p.username)).toEqual(before);
  });
});

describe('shownName', () => {
  it('falls back to the username when there is no display name', () => {
    expect(shownName({ username: 'ada', displayName: ' ' })).toBe('ada');
    expect(shownName({ username: 'zed', displayName: 'Apollo' })).toBe('Apollo');
  });
});
