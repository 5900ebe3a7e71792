import { describe, expect, it } from 'vitest';
import { BATTLE_ROLL, LIMITS, TRADE_COOLDOWN_MINUTES } from '../constants';
import { offlineAnswer } from './offline';
import { OFFLINE_NOTICE, sendChatRequestSchema } from './schemas';

describe('PogBot offline', () => {
  it('says it is offline, then quotes the matching guide section', () => {
    const answer = offlineAnswer('How do battles work?');
    expect(answer.startsWith(OFFLINE_NOTICE)).toBe(true);
    expect(answer).toContain('Battles: How battles work');
    expect(answer).toContain(`from ${BATTLE_ROLL.min} to ${BATTLE_ROLL.max}`);
  });

  it('adds a second section only when it matches nearly as well', () => {
    const answer = offlineAnswer('How long is the cooldown after a trade?');
    expect(answer).toContain(`Trade cooldown by rarity: common ${TRADE_COOLDOWN_MINUTES.common} minutes`);
    expect(answer).not.toContain('Creation: Cooldowns');
  });

  it('quotes the asking player’s own limits, not the base ones', () => {
    const own = { collectionLimit: LIMITS.collectionLimit + 2, dailyCreationLimit: LIMITS.dailyCreationLimit + 2, dailyTradeLimit: LIMITS.dailyTradeLimit };
    const answer = offlineAnswer('How many POGs can I hold?', own);
    expect(answer).toContain(`You can hold ${own.collectionLimit} POGs at a time`);
    expect(answer).toContain(`up to ${own.dailyCreationLimit} POGs per day`);
    expect(answer).not.toContain(`You can hold ${LIMITS.collectionLimit} POGs at a time`);
    expect(offlineAnswer('How many POGs can I hold?')).toContain(`You can hold ${LIMITS.collectionLimit} POGs at a time`);
  });

  it('says what it can talk about when the guide has nothing', () => {
    const answer = offlineAnswer('What is the capital of France?');
    expect(answer.startsWith(OFFLINE_NOTICE)).toBe(true);
    expect(answer).toContain('I could not find that in the game guide');
    expect(answer).toContain('Battles (how battles work');
  });
});

describe('the send request', () => {
  it('trims the message and refuses empty, long or non-text ones with a clear message', () => {
    expect(sendChatRequestSchema.parse({ message: '  hi  ' })).toEqual({ message: 'hi' });
    const problem = (body: unknown) => sendChatRequestSchema.safeParse(body).error?.issues[0]?.message;
    expect(problem({ message: '   ' })).toBe('Type a message for PogBot first.');
    expect(problem({ message: 'x'.repeat(2001) })).toBe('Your message is too long (at most 2000 characters).');
    expect(problem({ message: 42 })).toBe('message must be text');
    expect(problem({})).toBe('message must be text');
    expect(problem({ message: 'hi', requestId: 'bad id!' })).toBe('requestId must be 8 to 64 letters, digits, "-" or "_"');
    expect(problem({ message: 'a\u0000b' })).toBe('Your message contains control characters. Please type plain text.');
    expect(sendChatRequestSchema.parse({ message: 'two\n\tlines\r\n' })).toEqual({ message: 'two\n\tlines' });
  });
});
