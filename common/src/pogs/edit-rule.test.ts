import { describe, expect, it } from 'vitest';
import { asUserId } from '../schemas/ids';
import { changesDesign, EDIT_REFUSALS, editRefusal } from './edit-rule';

describe('editRefusal', () => {
  const [p1, p2] = [asUserId(1), asUserId(2)];
  const neverMoved = { userId: p1, creatorId: p1, changedHands: false };

  it('lets the creator edit a POG they hold that never changed hands', () => {
    expect(editRefusal(neverMoved, p1)).toBeNull();
  });

  it('refuses anyone who does not hold it, visitors included', () => {
    expect(editRefusal(neverMoved, p2)).toBe(EDIT_REFUSALS.notHeld);
    expect(editRefusal(neverMoved, null)).toBe(EDIT_REFUSALS.notHeld);
    expect(editRefusal({ userId: p2, creatorId: p1, changedHands: true }, p1)).toBe(EDIT_REFUSALS.notHeld);
  });

  it('refuses a holder who won or traded for it', () => {
    expect(editRefusal({ userId: p2, creatorId: p1, changedHands: true }, p2)).toBe(EDIT_REFUSALS.notCreator);
  });

  it('refuses the creator once the POG has changed hands, even back to them', () => {
    expect(editRefusal({ ...neverMoved, changedHands: true }, p1)).toBe(EDIT_REFUSALS.changedHands);
  });
});

describe('changesDesign', () => {
  const current = { textContent: 'HI', fontFamily: 'Bangers', textColor: '#FFFFFF', backgroundColor1: '#000000', backgroundColor2: '#111111', imageUrl: '', imageStyle: 'cover' as const };

  it('is false for a new name alone or for the same values', () => {
    expect(changesDesign(current, {})).toBe(false);
    expect(changesDesign(current, { ...current })).toBe(false);
    expect(changesDesign(current, { name: 'Renamed' } as never)).toBe(false);
  });

  it('is true when anything the scorer looks at changes', () => {
    expect(changesDesign(current, { textContent: 'HELLO' })).toBe(true);
    expect(changesDesign(current, { backgroundColor2: '#222222' })).toBe(true);
    expect(changesDesign(current, { imageStyle: 'contain' })).toBe(true);
  });
});
