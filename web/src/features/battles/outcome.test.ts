import { describe, expect, it } from 'vitest';
import { actionsFor, bonusText, completionToast, opponentOf, resultFor, sideNote, sideOf, winnerName } from './outcome';
import { makeBattle, makeCompletedBattle } from './testBattle';
import { asUserId } from '@pog/common';

const ALICE = asUserId(7);
const BOB = asUserId(8);
const STRANGER = asUserId(9);

describe('actionsFor (product spec: screens and roles)', () => {
  it('offers accept and decline only to the defender, and cancel only to the challenger, of a pending battle', () => {
    const pending = makeBattle();
    expect(actionsFor(pending, BOB)).toEqual({ accept: true, decline: true, cancel: false, flip: false });
    expect(actionsFor(pending, ALICE)).toEqual({ accept: false, decline: false, cancel: true, flip: false });
    expect(actionsFor(pending, STRANGER)).toEqual({ accept: false, decline: false, cancel: false, flip: false });
  });

  it('offers the flip to both players of an accepted battle, and nothing else', () => {
    const accepted = makeBattle({ status: 'accepted' });
    expect(actionsFor(accepted, ALICE)).toEqual({ accept: false, decline: false, cancel: false, flip: true });
    expect(actionsFor(accepted, BOB)).toEqual({ accept: false, decline: false, cancel: false, flip: true });
    expect(actionsFor(accepted, STRANGER).flip).toBe(false);
  });

  it('offers nothing on a finished battle', () => {
    for (const status of ['completed', 'declined', 'cancelled', 'expired'] as const) {
      expect(Object.values(actionsFor(makeBattle({ status }), BOB)).some(Boolean)).toBe(false);
    }
  });
});

describe('a battle from one seat', () => {
  it('knows the side, the opponent and the result', () => {
    const battle = makeCompletedBattle();
    expect(sideOf(battle, ALICE)).toBe('challenger');
    expect(sideOf(battle, BOB)).toBe('defender');
    expect(sideOf(battle, STRANGER)).toBeNull();
    expect(opponentOf(battle, ALICE).username).toBe('bob');
    expect(opponentOf(battle, BOB).username).toBe('alice');
    expect(resultFor(battle, ALICE)).toBe('won');
    expect(resultFor(battle, BOB)).toBe('lost');
    expect(resultFor(makeBattle({ status: 'declined' }), ALICE)).toBe('declined');
  });
});

describe('bonusText', () => {
  it('prints the rarity bonus, and none in a coin flip', () => {
    expect(bonusText('standard', 'common')).toBe('+0');
    expect(bonusText('standard', 'uncommon')).toBe('+1');
    expect(bonusText('championship', 'epic')).toBe('+3');
    expect(bonusText('standard', 'legendary')).toBe('+5');
    expect(bonusText('flip', 'legendary')).toBe('no bonus');
  });
});

describe('the Battle Completed! toast', () => {
  it('names the winner and both rolls', () => {
    const battle = makeCompletedBattle();
    expect(winnerName(battle)).toBe('alice');
    expect(completionToast(battle)).toEqual({ title: 'Battle Completed!', description: 'alice wins! alice rolled 57, bob rolled 41.' });
    expect(completionToast(makeCompletedBattle({ winnerId: BOB, challengerRoll: 12, defenderRoll: 80 })).description).toBe(
      'bob wins! alice rolled 12, bob rolled 80.',
    );
  });
});

describe('a coin flip reads as heads and tails (challenger Heads)', () => {
  it('says which face each player backs, and where the coin landed', () => {
    expect(sideNote('flip', 'challenger', 'legendary')).toBe('Heads');
    expect(sideNote('flip', 'defender', 'common')).toBe('Tails');
    expect(sideNote('standard', 'defender', 'rare')).toBe('bonus +2');
    const flip = makeCompletedBattle({ battleType: 'flip', winnerId: BOB, challengerRoll: 12, defenderRoll: 80 });
    expect(completionToast(flip)).toEqual({ title: 'Battle Completed!', description: 'bob wins! The coin landed Tails.' });
    expect(completionToast({ ...flip, winnerId: ALICE }).description).toBe('alice wins! The coin landed Heads.');
  });
});
