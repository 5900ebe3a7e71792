import { describe, expect, it } from 'vitest';
import { matchesBlocklist } from './blocklist';

describe('matchesBlocklist', () => {
  it.each([
    'fuck',
    'FUCK',
    'Fück this',
    'f.u.c.k',
    'f u c k',
    'f_u_c_k you',
    'fuuuuck',
    'motherfucker',
    'fu ck',
    'sh-it',
    'b itch',
    'sh1t',
    '$h!t happens',
    'b1tch',
    'a$$',
    '@ss',
    'asshole',
    'a s s h o l e',
    'what a dickhead',
    'c u n t',
    'CUNTS',
    'pissed off',
    'you bastards',
  ])('flags %j', (text) => {
    expect(matchesBlocklist(text)).toBe(true);
  });

  it.each([
    '',
    'POG',
    'class',
    'First Class',
    'assess',
    'assessment',
    'passion',
    'assassin',
    'bass guitar',
    'grass',
    'as soon as',
    'Scunthorpe United',
    'cocktail',
    'peacock',
    'cockpit',
    'Dickens',
    'this hit song',
    'who reads this',
    'swan king',
    'shiitake',
    'snigger',
    'spice',
    'therapist',
    'title',
    'hello world',
    'Pog Federation 2024',
    'I 4m 1337',
    'a b c',
  ])('leaves %j alone', (text) => {
    expect(matchesBlocklist(text)).toBe(false);
  });
});
