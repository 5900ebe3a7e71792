import { asUserId } from '@pog/common/schemas/ids';
import { describe, expect, it } from 'vitest';
import { ForbiddenError, UnauthorizedError } from '@pog/common/errors';
import { authorizeActingAs, banMessage, mayAct, mayActAs, playerPolicy } from './policy';

describe('player policy', () => {
  it('lets a player act unless banned or gone', () => {
    expect(mayAct({ id: asUserId(1), isBanned: false })).toBe(true);
    expect(mayAct({ id: asUserId(1) })).toBe(true);
    expect(mayAct({ id: asUserId(1), isBanned: true, banReason: 'spam' })).toBe(false);
    expect(mayAct(undefined)).toBe(false);
  });

  it('refuses a banned player with the ban, a missing one as signed out', () => {
    expect(() => playerPolicy.authorize('act', { id: asUserId(1), isBanned: true, banReason: 'spam' }, null)).toThrow(new ForbiddenError('Your account has been banned: spam'));
    expect(playerPolicy.refusal('act', { id: asUserId(1), isBanned: true, banReason: null }, null)?.message).toBe(banMessage(null));
    expect(playerPolicy.refusal('act', undefined, null)).toBeInstanceOf(UnauthorizedError);
    expect(playerPolicy.refusal('act', { id: asUserId(1), isBanned: false }, null)).toBeNull();
  });

  it('lets a player act only as themselves', () => {
    expect(mayActAs({ id: asUserId(1) }, { id: asUserId(1) })).toBe(true);
    expect(mayActAs({ id: asUserId(1) }, { id: asUserId(2) })).toBe(false);
    expect(() => authorizeActingAs({ id: asUserId(1) }, asUserId(2))).toThrow('You can only act as yourself (the user must be you).');
    expect(() => authorizeActingAs({ id: asUserId(1) }, asUserId(2), 'sender')).toThrow('You can only act as yourself (the sender must be you).');
    expect(() => authorizeActingAs({ id: asUserId(1) }, asUserId(1))).not.toThrow();
  });
});
