import { describe, expect, it } from 'vitest';
import { cooldownNotice, EMPTY_SELECTION, isComplete, selectionReducer, type SelectionAction, type TradeSelection } from './selection';
import { asPogId, asUserId } from '@pog/common';

const run = (actions: SelectionAction[], from: TradeSelection = EMPTY_SELECTION) => actions.reduce(selectionReducer, from);

describe('the Trade dialog selection', () => {
  it('is complete only with an offer, a player, a requested POG and a signed-in user', () => {
    const chosen = run([{ type: 'offer', pogId: asPogId(1) }, { type: 'player', playerId: asUserId(2) }, { type: 'request', pogId: asPogId(9) }]);
    expect(isComplete(chosen, asUserId(7))).toBe(true);
    expect(isComplete(chosen, null)).toBe(false);
    expect(isComplete(run([{ type: 'offer', pogId: asPogId(1) }, { type: 'player', playerId: asUserId(2) }]), asUserId(7))).toBe(false);
    expect(isComplete(run([{ type: 'player', playerId: asUserId(2) }, { type: 'request', pogId: asPogId(9) }]), asUserId(7))).toBe(false);
  });

  it('drops the requested POG when another player is chosen, and toggles a POG clicked twice', () => {
    const state = run([{ type: 'player', playerId: asUserId(2) }, { type: 'request', pogId: asPogId(9) }, { type: 'player', playerId: asUserId(3) }]);
    expect(state).toMatchObject({ playerId: 3, requestPogId: null });
    expect(run([{ type: 'offer', pogId: asPogId(1) }, { type: 'offer', pogId: asPogId(1) }]).offerPogId).toBeNull();
    expect(run([{ type: 'offer', pogId: asPogId(1) }, { type: 'offer', pogId: asPogId(4) }]).offerPogId).toBe(4);
  });

  it('opens with a player alone (a match with nothing of theirs to ask for), dropping a request of another player', () => {
    const before = run([{ type: 'player', playerId: asUserId(2) }, { type: 'request', pogId: asPogId(9) }]);
    expect(run([{ type: 'open', preset: { offerPogId: asPogId(1), playerId: asUserId(3) } }], before)).toMatchObject({ offerPogId: 1, playerId: 3, requestPogId: null });
    expect(run([{ type: 'open', preset: { playerId: asUserId(2) } }], before)).toMatchObject({ playerId: 2, requestPogId: 9 });
  });

  it('on close clears the player and the requested POG, and the offered POG unless it was preset', () => {
    const plain = run([{ type: 'offer', pogId: asPogId(1) }, { type: 'player', playerId: asUserId(2) }, { type: 'request', pogId: asPogId(9) }, { type: 'close' }]);
    expect(plain).toEqual(EMPTY_SELECTION);

    const preset = run([{ type: 'open', preset: { offerPogId: asPogId(5) } }, { type: 'offer', pogId: asPogId(6) }, { type: 'player', playerId: asUserId(2) }, { type: 'close' }]);
    expect(preset).toEqual({ presetOfferId: 5, offerPogId: 5, playerId: null, requestPogId: null });
  });

  it('opens preset on another player’s POG with its owner chosen', () => {
    const state = run([{ type: 'open', preset: { request: { pogId: asPogId(9), ownerId: asUserId(2) } } }]);
    expect(state).toEqual({ presetOfferId: null, offerPogId: null, playerId: 2, requestPogId: 9 });
    // The request preset is not kept by a close: it names the player, which a close clears.
    expect(selectionReducer(state, { type: 'close' })).toEqual(EMPTY_SELECTION);
  });
});

describe('cooldownNotice', () => {
  it('states the real cooldown of each chosen POG by rarity, never 24 hours', () => {
    const text = cooldownNotice({ name: 'Ember', rarity: 'common' }, { name: 'Tide', rarity: 'legendary' });
    expect(text).toContain('Ember for 2 minutes (common)');
    expect(text).toContain('Tide for 30 minutes (legendary)');
    expect(text).not.toMatch(/24 hours/);
  });

  it('gives the range of the rarity cooldowns before anything is chosen', () => {
    expect(cooldownNotice(null, null)).toContain('(2 minutes to 30 minutes)');
  });
});
