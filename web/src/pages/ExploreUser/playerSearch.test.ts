import { describe, expect, it } from 'vitest';
import { shownName } from './playerSearch';

describe('shownName', () => {
  it('falls back to the username when there is no display name', () => {
    expect(shownName({ username: 'ada', displayName: ' ' })).toBe('ada');
    expect(shownName({ username: 'zed', displayName: 'Apollo' })).toBe('Apollo');
  });
});
