import { describe, expect, it } from 'vitest';
import { asPogId, type Rarity } from '@pog/common';
import { slotsText, sortCollection } from './collectionSort';

const pog = (id: number, name: string, rarity: Rarity, points: number | null, pointsPending = false) => ({ id: asPogId(id), name, rarity, points, pointsPending });

describe('collection sort', () => {
  const pogs = [
    pog(1, 'zebra', 'rare', 300),
    pog(2, 'Apple', 'common', 50),
    pog(3, 'mango', 'legendary', 1200),
    pog(4, 'banana', 'rare', 410),
    pog(5, 'Pog 10', 'common', null, true),
    pog(6, 'Pog 9', 'common', 50),
  ];
  const ids = (sort: Parameters<typeof sortCollection>[1]) => sortCollection(pogs, sort).map((p) => p.id);

  it('puts the newest first', () => {
    expect(ids('newest')).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it('puts the rarest first, most points first within a rarity', () => {
    expect(ids('rarity')).toEqual([3, 4, 1, 2, 6, 5]);
  });

  it('puts the most points first, designs still being scored last', () => {
    expect(ids('points')).toEqual([3, 4, 1, 2, 6, 5]);
  });

  it('sorts names as people read them: case ignored, numbers by value', () => {
    expect(sortCollection(pogs, 'name').map((p) => p.name)).toEqual(['Apple', 'banana', 'mango', 'Pog 9', 'Pog 10', 'zebra']);
  });

  it('leaves the list it was given alone', () => {
    sortCollection(pogs, 'name');
    expect(pogs.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('counts slots as held of the limit', () => {
    expect(slotsText(6, 8)).toBe('6 of 8');
    expect(slotsText(9, 8)).toBe('9 of 8');
  });
});
