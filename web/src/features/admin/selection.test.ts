import { describe, expect, it } from 'vitest';
import { asPogId, type Pog } from '@pog/common';
import { selectedShown, shownState, withPicked, withoutPicked } from './selection';

const pog = (id: number) => ({ id: asPogId(id) }) as Pog;
const shown = [pog(9), pog(7), pog(4)];

describe('the bulk selection', () => {
  it('adds and removes ids, keeping the same set when nothing changes', () => {
    const none: ReadonlySet<ReturnType<typeof asPogId>> = new Set();
    const one = withPicked(none, asPogId(7), true);
    expect([...one]).toEqual([7]);
    expect(withPicked(one, asPogId(7), true)).toBe(one);
    expect([...withPicked(one, asPogId(7), false)]).toEqual([]);
    expect(withPicked(one, asPogId(3), false)).toBe(one);
  });

  it('takes a batch out and keeps the other ids, the same set when none of the batch is picked', () => {
    const picked: ReadonlySet<ReturnType<typeof asPogId>> = new Set([asPogId(9), asPogId(7), asPogId(4)]);
    expect([...withoutPicked(picked, [asPogId(9), asPogId(4)])]).toEqual([7]);
    expect(withoutPicked(picked, [asPogId(1)])).toBe(picked);
  });

  it('counts only the POGs the list still shows, in its order', () => {
    const picked = new Set([asPogId(4), asPogId(9), asPogId(100)]);
    expect(selectedShown(picked, shown).map((p) => p.id)).toEqual([9, 4]);
    // POG 9 left the list (another admin approved it): it is no longer selected.
    expect(selectedShown(picked, [pog(7), pog(4)]).map((p) => p.id)).toEqual([4]);
  });

  it('says whether all, some or none of the shown POGs are selected', () => {
    expect(shownState(new Set(), shown)).toBe('none');
    expect(shownState(new Set([asPogId(7)]), shown)).toBe('some');
    expect(shownState(new Set([asPogId(4), asPogId(7), asPogId(9), asPogId(1)]), shown)).toBe('all');
    expect(shownState(new Set([asPogId(1)]), shown)).toBe('none');
  });
});
