import { describe, expect, it } from 'vitest';
import { blockedWord, matchesBlocklist } from './blocklist';

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

describe('blockedWord', () => {
  it.each([
    ['Sh1t happens', 'shit'],
    ['what a dickhead', 'dick'],
    ['fu ck this', 'fuck'],
    ['you bastards', 'bastard'],
  ])('names the blocked word in %j', (text, word) => {
    expect(blockedWord(text)).toBe(word);
  });

  it('names none in innocent text', () => {
    expect(blockedWord('Scunthorpe cocktail class')).toBeNull();
  });
});
