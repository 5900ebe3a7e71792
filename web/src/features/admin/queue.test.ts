import { describe, expect, it } from 'vitest';
import { makePog } from '../pogs/testPog';
import { awaitsReview } from './display';
import { applyQueueEvent, isModerationAction } from './queue';

const flagged = (id: number) => makePog({ id, name: `Pog ${id}`, isFlagged: true });

describe('applyQueueEvent', () => {
  it('inserts a newly flagged POG in newest-first order', () => {
    const list = [flagged(9), flagged(4)];
    expect(applyQueueEvent(list, { action: 'flagged', pog: flagged(6) }, awaitsReview).map((p) => p.id)).toEqual([9, 6, 4]);
    expect(applyQueueEvent(list, { action: 'reported', pog: flagged(12) }, awaitsReview).map((p) => p.id)).toEqual([12, 9, 4]);
    expect(applyQueueEvent(list, { action: 'flagged', pog: flagged(1) }, awaitsReview).map((p) => p.id)).toEqual([9, 4, 1]);
  });

  it('drops a POG that was approved, rejected or deleted, and replaces one that changed', () => {
    const list = [flagged(9), flagged(4)];
    const approved = makePog({ id: 4, isFlagged: false, isApproved: true, moderationStatus: 'approved' });
    const rejected = makePog({ id: 9, isFlagged: true, moderationStatus: 'rejected' });
    expect(applyQueueEvent(list, { action: 'approved', pog: approved }, awaitsReview).map((p) => p.id)).toEqual([9]);
    expect(applyQueueEvent(list, { action: 'rejected', pog: rejected }, awaitsReview).map((p) => p.id)).toEqual([4]);
    expect(applyQueueEvent(list, { action: 'deleted', pog: flagged(9) }, () => true).map((p) => p.id)).toEqual([4]);

    const renamed = { ...flagged(4), name: 'Renamed' };
    const next = applyQueueEvent(list, { action: 'reported', pog: renamed }, awaitsReview);
    expect(next[1]).toBe(renamed);
  });

  it('returns the same list when the event does not concern it', () => {
    const list = [flagged(9)];
    expect(applyQueueEvent(list, { action: 'created', pog: makePog({ id: 10 }) }, awaitsReview)).toBe(list);
    expect(applyQueueEvent(list, { action: 'deleted', pog: makePog({ id: 3 }) }, awaitsReview)).toBe(list);
  });

  it('knows the six queue actions', () => {
    expect(['created', 'reported', 'flagged', 'approved', 'rejected', 'deleted'].every(isModerationAction)).toBe(true);
    expect(isModerationAction('banned')).toBe(false);
    expect(isModerationAction(undefined)).toBe(false);
  });
});
