import { describe, expect, it } from 'vitest';
import { pogUnavailable } from './availability';

const now = new Date('2025-01-01T12:00:00Z');
const ok = { moderationStatus: 'approved', tradesRemaining: 3, cooldownUntil: null };
const inTwoHours = new Date(now.getTime() + 2 * 3_600_000);

describe('pogUnavailable: the one rule for offering, requesting and risking a POG', () => {
  it('allows a usable POG for every use', () => {
    for (const use of ['offer', 'request', 'risk'] as const) expect(pogUnavailable(ok, use, now)).toBeNull();
  });

  it('gives the first reason in order: rejected, out of supply, cooldown, already risked', () => {
    const everything = { moderationStatus: 'rejected', tradesRemaining: 0, cooldownUntil: inTwoHours };
    expect(pogUnavailable(everything, 'risk', now, { inOpenBattle: true })?.reason).toBe('rejected');
    expect(pogUnavailable({ ...everything, moderationStatus: 'approved' }, 'risk', now, { inOpenBattle: true })?.reason).toBe('exhausted');
    expect(pogUnavailable({ ...ok, cooldownUntil: inTwoHours }, 'risk', now, { inOpenBattle: true })).toEqual({ reason: 'cooldown', until: inTwoHours, hoursLeft: 2 });
    expect(pogUnavailable(ok, 'risk', now, { inOpenBattle: true })?.reason).toBe('in-battle');
  });

  it('lets an open battle matter only for a risk', () => {
    expect(pogUnavailable(ok, 'offer', now, { inOpenBattle: true })).toBeNull();
    expect(pogUnavailable(ok, 'request', now, { inOpenBattle: true })).toBeNull();
  });

  it('counts a cooldown from its end time, or from the server reading when there is none', () => {
    expect(pogUnavailable({ ...ok, cooldownUntil: now.toISOString() }, 'offer', now)).toBeNull();
    expect(pogUnavailable({ ...ok, cooldownUntil: inTwoHours.toISOString() }, 'offer', now)?.until).toEqual(inTwoHours);
    expect(pogUnavailable({ ...ok, onCooldown: true, cooldownHours: 5 }, 'offer', now)).toEqual({ reason: 'cooldown', until: null, hoursLeft: 5 });
    expect(pogUnavailable({ ...ok, onCooldown: true, cooldownHours: 0 }, 'offer', now)).toBeNull();
  });
});
