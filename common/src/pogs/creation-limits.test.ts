import { describe, expect, it } from 'vitest';
import { LIMITS } from '../constants';
import { checkCreation, type CreationFacts } from './creation-limits';

const now = new Date('2030-03-04T21:00:00Z');
const fresh: CreationFacts = { holding: 1, createdToday: 1, createdTotal: 1, lastCreatedAt: new Date(now.getTime() - 3600_000), hasRejected: false };

describe('checkCreation', () => {
  it('lets a player create or change a design when no limit is reached', () => {
    expect(checkCreation(fresh, now)).toBeNull();
    expect(checkCreation(fresh, now, 'edit')).toBeNull();
  });

  it('holds the collection limit for new POGs only: an edit adds no POG', () => {
    const full = { ...fresh, holding: LIMITS.collectionLimit };
    expect(checkCreation(full, now)?.code).toBe('CREATION_LIMIT');
    expect(checkCreation(full, now, 'edit')).toBeNull();
  });

  it('holds the daily limit for edits too, with the same code, saying an edit counts as a creation', () => {
    const spent = { ...fresh, createdToday: LIMITS.dailyCreationLimit };
    expect(checkCreation(spent, now)).toEqual({
      code: 'DAILY_LIMIT',
      message: "You've reached your daily limit of 5 new POGs. You can create again in 3h (at 00:00 UTC).",
      retryAfterSeconds: 3 * 3600,
    });
    expect(checkCreation(spent, now, 'edit')).toEqual({
      code: 'DAILY_LIMIT',
      message: "Changing a POG's design counts as a creation, and you've reached your daily limit of 5 new POGs. You can change it in 3h (at 00:00 UTC).",
      retryAfterSeconds: 3 * 3600,
    });
  });

  it('holds the cooldown for edits too, with the same code', () => {
    const justNow = { ...fresh, lastCreatedAt: new Date(now.getTime() - 20_000) };
    expect(checkCreation(justNow, now)).toMatchObject({ code: 'COOLDOWN', message: 'Creation is on cooldown. You can create your next POG in 40 seconds.', retryAfterSeconds: 40 });
    expect(checkCreation(justNow, now, 'edit')).toMatchObject({
      code: 'COOLDOWN',
      message: "Changing a POG's design counts as a creation, and creation is on cooldown. You can change it in 40 seconds.",
      retryAfterSeconds: 40,
    });
  });
});
