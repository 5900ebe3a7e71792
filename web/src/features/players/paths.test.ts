import { describe, expect, it } from 'vitest';
import { playerIdFromParam, playerPath } from './paths';
import { asUserId } from '@pog/common';

describe('playerPath', () => {
  it('points at the player page with the id in the query', () => {
    expect(playerPath(asUserId(42))).toBe('/explore-user?id=42');
  });
});

describe('playerIdFromParam', () => {
  it('reads a positive whole number', () => {
    expect(playerIdFromParam('7')).toBe(7);
    expect(playerIdFromParam('1234')).toBe(1234);
  });

  it('refuses a missing, empty or malformed id', () => {
    for (const param of [null, '', '0', '-3', '1.5', '07', 'abc', '12abc', ' 12', '1e3']) {
      expect(playerIdFromParam(param), String(param)).toBeNull();
    }
  });

  it('refuses an id too large to be exact', () => {
    expect(playerIdFromParam('99999999999999999')).toBeNull();
  });
});
