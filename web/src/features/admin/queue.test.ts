import { describe, expect, it } from 'vitest';
import { makePog } from '../pogs/testPog';
import { awaitsReview } from './display';
import { isModerationAction, queueChange } from './queue';

const flagged = (id: number) => makePog({ id, name: `Pog ${id}`, isFlagged: true });
const inQueue = (pog: Parameters<typeof awaitsReview>[0]) => awaitsReview(pog);

describe('queueChange', () => {
  it('says a new POG was in no list, and a deleted one leaves every list it was in', () => {
    expect(queueChange({ action: 'created', pog: makePog({ id: 3 }) }, () => true, false)).toMatchObject({ belongs: true, belonged: false });
    expect(queueChange({ action: 'deleted', pog: flagged(3) }, inQueue, true)).toMatchObject({ belongs: false, belonged: true });
    expect(queueChange({ action: 'deleted', pog: makePog({ id: 3 }) }, inQueue, true)).toMatchObject({ belongs: false, belonged: false });
  });

  it('cannot say whether a flag or a decision changed the review queue, but knows a search did not change', () => {
    const approved = makePog({ id: 4, isFlagged: false, isApproved: true, moderationStatus: 'approved' });
    expect(queueChange({ action: 'approved', pog: approved }, inQueue, true)).toMatchObject({ belongs: false, belonged: undefined });
    expect(queueChange({ action: 'reported', pog: flagged(4) }, inQueue, true)).toMatchObject({ belongs: true, belonged: undefined });
    const named = (pog: { name: string }) => pog.name.includes('Pog');
    expect(queueChange({ action: 'approved', pog: { ...approved, name: 'Pog 4' } }, named, false)).toMatchObject({ belongs: true, belonged: true });
    expect(queueChange({ action: 'rejected', pog: { ...approved, name: 'Other' } }, named, false)).toMatchObject({ belongs: false, belonged: false });
  });

  it('knows the six queue actions', () => {
    expect(['created', 'reported', 'flagged', 'approved', 'rejected', 'deleted'].every(isModerationAction)).toBe(true);
    expect(isModerationAction('banned')).toBe(false);
    expect(isModerationAction(undefined)).toBe(false);
  });
});
