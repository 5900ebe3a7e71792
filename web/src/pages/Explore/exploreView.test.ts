import { describe, expect, it } from 'vitest';
import { exploreQuery, readExploreView } from './exploreView';

const read = (query: string, signedIn = true) => readExploreView(new URLSearchParams(query), signedIn);

describe("Explore's view in the address", () => {
  it('reads each part, and writes it back the same', () => {
    const view = read('q=dragon+fire&rarity=epic&creator=42&tab=recent');
    expect(view).toEqual({ values: { search: 'dragon fire', rarity: 'epic', creator: '42' }, sort: 'recent' });
    expect(read(exploreQuery(view, true))).toEqual(view);
  });

  it('leaves defaults out, so a plain Explore keeps a plain address', () => {
    expect(exploreQuery(read(''), true)).toBe('');
    expect(exploreQuery({ values: { search: '', rarity: '', creator: '' }, sort: 'trending' }, true)).toBe('');
    expect(exploreQuery({ values: { search: '', rarity: '', creator: '' }, sort: 'recent' }, true)).toBe('tab=recent');
  });

  it('reads values that mean nothing as the defaults', () => {
    expect(read('rarity=mythic&creator=0&tab=oldest')).toEqual({ values: { search: '', rarity: '', creator: '' }, sort: 'trending' });
    expect(read('creator=12abc').values.creator).toBe('');
    expect(read(`q=${'x'.repeat(150)}`).values.search).toHaveLength(100);
  });

  it('gives visitors the newest first whatever the tab says, and never writes a tab for them', () => {
    expect(read('tab=trending', false).sort).toBe('recent');
    expect(exploreQuery({ values: { search: 'a', rarity: '', creator: '' }, sort: 'recent' }, false)).toBe('q=a');
  });
});
