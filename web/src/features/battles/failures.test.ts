import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CATALOGUE } from '@pog/common';
import { battleIn, failureMessage } from './failures';
import { makeBattle } from './testBattle';

describe('failureMessage (product spec: errors, Battles)', () => {
  it('uses the server message when there is one, else the fallback', () => {
    const refused = new AppError('CONFLICT', 'Ember is already risked in another battle. Finish that one first.');
    expect(failureMessage(refused, 'Failed to send challenge.', true)).toBe('Ember is already risked in another battle. Finish that one first.');
    expect(failureMessage(new AppError('SERVER_ERROR'), 'Failed to send challenge.', true)).toBe('Failed to send challenge.');
    expect(failureMessage(new Error('boom'), 'Failed to accept challenge.', true)).toBe('Failed to accept challenge.');
  });

  it('shows the network error while offline', () => {
    expect(failureMessage(new AppError('SERVER_ERROR'), 'Failed to complete battle.', false)).toBe(ERROR_CATALOGUE.NETWORK_ERROR.message);
  });
});

describe('battleIn', () => {
  it('reads the battle a 409 carries, and nothing else', () => {
    const battle = makeBattle({ status: 'cancelled' });
    expect(battleIn(new AppError('CONFLICT', 'no', { details: { battle } }))?.status).toBe('cancelled');
    expect(battleIn(new AppError('VALIDATION_ERROR', 'no', { details: { battle: { id: 'x' } } }))).toBeNull();
    expect(battleIn(new Error('no'))).toBeNull();
  });
});
