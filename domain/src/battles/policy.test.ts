import { asUserId } from '@pog/common/schemas/ids';
import { describe, expect, it } from 'vitest';
import { ForbiddenError, NotFoundError } from '@pog/common/errors';
import {
  battlePolicy, mayAcceptBattle, mayCancelBattle, mayChallenge, mayChallengeAs, mayCompleteBattle, mayDeclineBattle, mayListOpenBattlesOf, mayRiskPog, mayViewBattle, MISSING_BATTLE,
  seesWholeBattleHistoryOf,
} from './policy';

const challenger = { id: asUserId(1) };
const defender = { id: asUserId(2) };
const outsider = { id: asUserId(3) };
const battle = { challengerId: asUserId(1), defenderId: asUserId(2), status: 'accepted' as const };

describe('battle policy', () => {
  it('lets the challenger alone challenge as themselves and cancel', () => {
    expect(mayChallengeAs(challenger, asUserId(1))).toBe(true);
    expect(mayChallengeAs(defender, asUserId(1))).toBe(false);
    expect(mayCancelBattle(challenger, battle)).toBe(true);
    expect(mayCancelBattle(defender, battle)).toBe(false);
  });

  it('lets the challenged player alone accept and decline', () => {
    expect(mayAcceptBattle(defender, battle)).toBe(true);
    expect(mayDeclineBattle(defender, battle)).toBe(true);
    for (const actor of [challenger, outsider]) {
      expect(mayAcceptBattle(actor, battle)).toBe(false);
      expect(mayDeclineBattle(actor, battle)).toBe(false);
    }
  });

  it('lets either player complete, nobody else', () => {
    expect(mayCompleteBattle(challenger, battle)).toBe(true);
    expect(mayCompleteBattle(defender, battle)).toBe(true);
    expect(mayCompleteBattle(outsider, battle)).toBe(false);
  });

  it('risks only held POGs, and challenges nobody banned', () => {
    expect(mayRiskPog(challenger, { userId: asUserId(1) })).toBe(true);
    expect(mayRiskPog(challenger, { userId: asUserId(2) })).toBe(false);
    expect(mayChallenge(challenger, { username: 'b', isBanned: false })).toBe(true);
    expect(mayChallenge(challenger, { username: 'b', isBanned: true })).toBe(false);
  });

  it('shows an open battle to its players and a completed one to everyone', () => {
    expect(mayViewBattle(defender, battle)).toBe(true);
    expect(mayViewBattle(outsider, battle)).toBe(false);
    expect(mayViewBattle(outsider, { ...battle, status: 'cancelled' })).toBe(false);
    expect(mayViewBattle(outsider, { ...battle, status: 'completed' })).toBe(true);
  });

  it("keeps open lists and the whole history to the player", () => {
    expect(mayListOpenBattlesOf(challenger, asUserId(1))).toBe(true);
    expect(mayListOpenBattlesOf(outsider, asUserId(1))).toBe(false);
    expect(seesWholeBattleHistoryOf(challenger, asUserId(1))).toBe(true);
    expect(seesWholeBattleHistoryOf(outsider, asUserId(1))).toBe(false);
  });

  it('refuses with the errors the API promises', () => {
    expect(() => battlePolicy.authorize('accept', challenger, battle)).toThrow(new ForbiddenError('Only the challenged player can accept this battle.'));
    expect(() => battlePolicy.authorize('decline', outsider, battle)).toThrow('Only the challenged player can decline this battle.');
    expect(() => battlePolicy.authorize('cancel', defender, battle)).toThrow('Only the challenger can cancel this battle.');
    expect(() => battlePolicy.authorize('complete', outsider, battle)).toThrow('Only the two players can complete this battle.');
    expect(() => battlePolicy.authorize('challengeAs', defender, asUserId(1))).toThrow('You can only act as yourself (the challenger must be you).');
    expect(() => battlePolicy.authorize('listOpen', defender, asUserId(1))).toThrow('You can only act as yourself (the user must be you).');
    expect(() => battlePolicy.authorize('challenge', challenger, { username: 'bo', isBanned: true })).toThrow('bo is banned and cannot be challenged.');
    expect(() => battlePolicy.authorize('riskPog', challenger, { userId: asUserId(2) })).toThrow('You can only risk a POG you own.');
    const hidden = battlePolicy.refusal('view', outsider, battle);
    expect(hidden).toBeInstanceOf(NotFoundError);
    expect(hidden).toMatchObject({ message: MISSING_BATTLE, status: 404 });
  });
});
