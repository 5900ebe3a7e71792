import { describe, expect, it } from 'vitest';
import { CHAT_EXAMPLE_QUESTIONS, CHAT_GREETING } from '../chat/examples';
import { indexGuide, stem, terms } from './retrieval';

const index = indexGuide();
const best = (question: string) => index.search(question, 1)[0]?.section.id;

describe('guide retrieval', () => {
  it('brings the forms of a word to one stem', () => {
    for (const group of [
      ['trade', 'trades', 'trading', 'traded', 'swap'],
      ['battle', 'battles', 'battling', 'fight', 'duel'],
      ['create', 'creates', 'creating', 'created', 'creation', 'creator'],
      ['bonus', 'bonuses'],
      ['rarity', 'rarities'],
    ]) {
      expect(new Set(group.map(stem)).size, group.join(', ')).toBe(1);
    }
  });

  it('ignores small words, case and punctuation', () => {
    expect(terms('How do I TRADE my POGs?!')).toEqual(['trad', 'pog']);
  });

  it('answers a battle question with the Battles section', () => {
    const [match] = index.search('Who wins a fight?');
    expect(match?.topic.title).toBe('Battles');
    expect(match?.section.heading).toBe('How battles work');
  });

  it('finds the section each example question and the greeting are about', () => {
    const expected = [
      'what-are-pogs',
      'rarity',
      'creation-limit',
      'how-to-trade',
      'trade-cooldown',
      'battle-advantages',
      'earning-slots',
    ];
    expect(CHAT_EXAMPLE_QUESTIONS.map(best)).toEqual(expected);
    expect(best(CHAT_GREETING)).toBe('what-are-pogs');
  });

  it('tells the two cooldowns apart', () => {
    expect(best('How long must I wait between making two POGs?')).toBe('creation-cooldown');
    expect(best('How many minutes does a POG rest after trading?')).toBe('trade-cooldown');
    expect(best('How many times can a legendary POG be traded?')).toBe('trade-supply');
  });

  it('finds the sections of what came after the spec', () => {
    expect(best('How do I counter an offer?')).toBe('counter-offers');
    expect(best('Can I change the POG in an offer I received?')).toBe('counter-offers');
    expect(best('Who leads the leaderboard?')).toBe('leaderboards');
    expect(best('How is win rate ranked?')).toBe('leaderboards');
    expect(best('Where can I see who owned a POG before?')).toBe('pog-pages');
    expect(best('How do I mark all notifications as read?')).toBe('notifications-read');
    expect(best('How do I sort my collection?')).toBe('collection-view');
    expect(best('How do I find players who have the POG I want?')).toBe('have-and-want');
    expect(best('What is my wishlist for?')).toBe('have-and-want');
    expect(best('What does the slots counter mean?')).toBe('collection-view');
  });

  it('knows the achievements', () => {
    expect(best('Which achievements are there and what do they unlock?')).toBe('achievements');
  });

  it('finds nothing for a question the guide does not cover', () => {
    expect(index.search('What is the weather in Paris?')).toEqual([]);
    expect(index.search('')).toEqual([]);
  });

  it('ranks best first and returns at most the number asked', () => {
    const matches = index.search('trade cooldown battle rarity points', 3);
    expect(matches).toHaveLength(3);
    expect(matches.map((m) => m.score)).toEqual([...matches.map((m) => m.score)].sort((a, b) => b - a));
  });
});
