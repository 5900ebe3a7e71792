import { describe, expect, it } from 'vitest';
import { idParamSchema, idSchema, MAX_ID } from './ids';

const messageOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('ids in a URL', () => {
  it('reads canonical decimal ids from 1 to the top of an integer column', () => {
    for (const [text, id] of [['1', 1], ['42', 42], [String(MAX_ID), MAX_ID]] as const) {
      expect(idParamSchema.parse({ id: text })).toEqual({ id });
    }
  });

  it.each([
    ['abc', 'The id must be a number'],
    ['1e3', 'The id must be a number'],
    ['0x10', 'The id must be a number'],
    ['1\n', 'The id must be a number'],
    [' 1', 'The id must be a number'],
    ['', 'The id must be a number'],
    ['0', 'The id must be positive'],
    ['-3', 'The id must be positive'],
    ['1.5', 'The id must be a whole number'],
    ['01', 'The id must be written without leading zeros'],
    [String(MAX_ID + 1), 'The id is out of range'],
    ['99999999999', 'The id is out of range'],
    ['9'.repeat(400), 'The id is out of range'],
  ])('refuses %j: %s', (text, message) => {
    expect(messageOf(idParamSchema.safeParse({ id: text }))).toBe(message);
  });

  it('refuses a repeated query parameter (an array)', () => {
    expect(idParamSchema.safeParse({ id: ['1', '2'] }).success).toBe(false);
  });
});

describe('ids in a JSON body', () => {
  const schema = idSchema('offerPogId');
  it('accepts whole numbers in range only', () => {
    expect(schema.parse(7)).toBe(7);
    expect(schema.parse(MAX_ID)).toBe(MAX_ID);
    for (const value of [0, -1, 1.5, '7', null, Number.MAX_SAFE_INTEGER + 2, 1e300]) {
      expect(schema.safeParse(value).success, String(value)).toBe(false);
    }
    expect(messageOf(schema.safeParse(MAX_ID + 1))).toBe('offerPogId is out of range');
    expect(messageOf(schema.safeParse('7'))).toBe('offerPogId must be an id');
  });
});
