import { describe, expect, it } from 'vitest';
import { pogListUrl } from './api';

describe('pogListUrl', () => {
  it('leaves out empty filters', () => {
    expect(pogListUrl({ search: '  ', rarity: '', creator: '', sort: 'trending' }, null, 24)).toBe('/api/pogs?sort=trending&limit=24');
  });

  it('sends every filter and the cursor of the next page', () => {
    const url = new URL(pogListUrl({ search: ' lava ', rarity: 'rare', creator: '12', sort: 'recent' }, 'abc=', 24), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ search: 'lava', rarity: 'rare', creator: '12', sort: 'recent', limit: '24', cursor: 'abc=' });
  });
});
