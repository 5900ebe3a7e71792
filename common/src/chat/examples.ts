/** What the chat page offers to ask (product spec: screens: seven example questions) and its opening greeting. */

/** Sent for the player when their conversation is empty (the product spec (states), "Chat"). */
export const CHAT_GREETING = 'Hi PogBot! How does the game work?';

export const CHAT_EXAMPLE_QUESTIONS = [
  'How does the game work?',
  'How is the rarity of a POG decided?',
  'How many POGs can I create per day?',
  'How do I trade a POG with another player?',
  'How long is the cooldown after a trade?',
  'Do rare POGs have an advantage in battles?',
  'How can I earn more collection slots?',
] as const;
