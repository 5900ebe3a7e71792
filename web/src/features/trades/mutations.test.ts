import { describe, expect, it } from 'vitest';
import { AppError } from '@pog/common';
import { currentTradeIn, serverMessage } from './mutations';
import { makeTrade } from './testTrade';

describe('serverMessage', () => {
  it('keeps the server’s own sentence (e.g. the cooldown or the daily limit)', () => {
    const cooldown = new AppError('COOLDOWN', 'Tide is on cooldown for 4 minutes more.', { status: 429 });
    expect(serverMessage(cooldown)).toBe('Tide is on cooldown for 4 minutes more.');
  });

  it('gives nothing when only the catalogue default is known, so the screen uses its own fallback', () => {
    expect(serverMessage(new AppError('SERVER_ERROR'))).toBeNull();
    expect(serverMessage(new Error('boom'))).toBeNull();
  });
});

describe('currentTradeIn', () => {
  it('reads the trade a 409 "no longer pending" carries, and nothing from other errors', () => {
    const trade = makeTrade({ status: 'cancelled' });
    expect(currentTradeIn(new AppError('CONFLICT', 'This trade is no longer pending: it was cancelled.', { status: 409, details: { trade } }))).toEqual(trade);
    expect(currentTradeIn(new AppError('CONFLICT', 'Something else', { status: 409, details: { fields: {} } }))).toBeNull();
    expect(currentTradeIn(new Error('boom'))).toBeNull();
  });
});
