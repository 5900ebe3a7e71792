/**
 * The game guide as data: the help dialog's four tabs and the sections PogBot answers from
 * (product spec: what the product does). Every number comes from ../constants, the values the server enforces, so the
 * guide never promises what the game does not do. Text may mark `**strong**` words; the web app
 * renders them bold, `plainText` drops the marks.
 */
import { ACHIEVEMENTS, describeReward } from '../achievements/catalogue';
import { BATTLE_BONUS, BATTLE_ROLL, BRAND, EXPIRY, LIMITS, RARITIES, TRADE_COOLDOWN_MINUTES, TRADE_SUPPLY, type Rarity } from '../constants';
import { moreTopic } from './guide-more';

export type GuideBlock =
  | { kind: 'text'; text: string }
  | { kind: 'steps'; items: string[] }
  | { kind: 'bullets'; items: string[] }
  /** One row per rarity, lowest to highest. */
  | { kind: 'rarityTable'; caption: string; column: string; values: Record<Rarity, string> };

export interface GuideSection {
  id: string;
  heading: string;
  blocks: GuideBlock[];
  /** Words a question may use for this section without them appearing in its text. */
  keywords: string[];
}

export const GUIDE_TOPIC_IDS = ['basics', 'creation', 'trading', 'battles', 'achievements', 'more'] as const;
export type GuideTopicId = (typeof GUIDE_TOPIC_IDS)[number];

export interface GuideTopic {
  id: GuideTopicId;
  title: string;
  sections: GuideSection[];
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const byRarity = (value: (rarity: Rarity) => string) => Object.fromEntries(RARITIES.map((r) => [r, value(r)])) as Record<Rarity, string>;

const text = (value: string): GuideBlock => ({ kind: 'text', text: value });

const BASICS: GuideTopic = {
  id: 'basics',
  title: 'Basics',
  sections: [
    {
      id: 'what-are-pogs',
      heading: 'What are POGs?',
      keywords: ['game', 'play', 'start', 'begin', 'overview', 'work', 'basics', 'disc', 'collect', 'collection', 'new'],
      blocks: [
        text(
          `POGs are collectible discs you design yourself: two background colours, an optional image, text, a font and a text colour. Players of the ${BRAND} create them, collect them, trade them and battle with them.`,
        ),
      ],
    },
    {
      id: 'rarity',
      heading: 'Rarity',
      keywords: ['rarity', 'rare', 'common', 'uncommon', 'epic', 'legendary', 'score', 'harmony', 'unique', 'complex', 'decide', 'determine', 'compute', 'calculate'],
      blocks: [
        text(
          `Every POG has one of ${RARITIES.length} rarities, from lowest to highest: ${RARITIES.join(', ')}. The server works it out for you from the colour harmony, the uniqueness of the image and the complexity of the design. Rarity sets how often a POG can be traded and gives it an edge in battle.`,
        ),
      ],
    },
    {
      id: 'points',
      heading: 'Points',
      keywords: ['point', 'pts', 'value', 'worth', 'score'],
      blocks: [
        text(
          'Each POG has a point value, shown as **PTS**, based on its rarity and uniqueness. Rarer POGs roll with a bonus in battle, so high-point POGs are the ones worth protecting.',
        ),
      ],
    },
  ],
};

/**
 * The limits the guide quotes: the base ones for a visitor, a signed-in player's own (base plus the
 * rewards of their achievements, as their stats say) for them.
 */
export interface GuideLimits {
  collectionLimit: number;
  dailyCreationLimit: number;
  dailyTradeLimit: number;
}

export const BASE_GUIDE_LIMITS: GuideLimits = {
  collectionLimit: LIMITS.collectionLimit,
  dailyCreationLimit: LIMITS.dailyCreationLimit,
  dailyTradeLimit: LIMITS.dailyTradeLimit,
};

/** Only the three limits, whatever else the object carries (a player's whole stats). */
function limitsOf(limits: GuideLimits): GuideLimits {
  return { collectionLimit: limits.collectionLimit, dailyCreationLimit: limits.dailyCreationLimit, dailyTradeLimit: limits.dailyTradeLimit };
}

const raised = (limits: GuideLimits, keys: Array<keyof GuideLimits>) => keys.some((key) => limits[key] !== BASE_GUIDE_LIMITS[key]);

const creationTopic = (limits: GuideLimits): GuideTopic => ({
  id: 'creation',
  title: 'Creation',
  sections: [
    {
      id: 'creation-limit',
      heading: 'Your limit',
      keywords: ['create', 'make', 'design', 'limit', 'many', 'max', 'full', 'burn', 'delete', 'slot', 'daily', 'day', 'hold'],
      blocks: [
        text(
          `You can hold **${plural(limits.collectionLimit, 'POG')}** at a time. When your collection is full, burn (delete) one of your POGs to make room for a new one. You can create up to **${limits.dailyCreationLimit} POGs per day** (days run in UTC).${
            raised(limits, ['collectionLimit', 'dailyCreationLimit'])
              ? ` Your achievements raised these from the base of ${plural(LIMITS.collectionLimit, 'POG')} and ${LIMITS.dailyCreationLimit} a day.`
              : ''
          }`,
        ),
      ],
    },
    {
      id: 'creation-cooldown',
      heading: 'Cooldowns',
      keywords: ['create', 'make', 'cooldown', 'wait', 'second', 'fast', 'again', 'timer'],
      blocks: [
        text(
          `There is a short cooldown of **${LIMITS.creationCooldownSeconds} seconds** between creations. Once you have made ${LIMITS.trustedCreatorThreshold} or more POGs and none was rejected, it drops to **${LIMITS.trustedCreationCooldownSeconds} seconds**.`,
        ),
      ],
    },
    {
      id: 'earning-slots',
      heading: 'Earning more slots',
      keywords: ['slot', 'more', 'raise', 'increase', 'streak', 'level', 'creator', 'earn', 'limit', 'bigger'],
      blocks: [
        {
          kind: 'bullets',
          items: [
            'Complete achievements: many raise your collection, daily creation or trade limits.',
            'Keep a daily creation streak going.',
            'Win battles: a win can even take you above your limit.',
            'Complete trades with other players.',
            'Create high-quality POGs that score a rare rarity or better.',
          ],
        },
        text(`Your creator level rises with every POG you make: ${LIMITS.creatorLevelCreations} creations fill it.`),
      ],
    },
  ],
});

const tradingTopic = (limits: GuideLimits): GuideTopic => ({
  id: 'trading',
  title: 'Trading',
  sections: [
    {
      id: 'mutual-agreement',
      heading: 'Mutual agreement',
      keywords: ['trade', 'swap', 'exchange', 'offer', 'accept', 'agree', 'daily', 'day', 'expire', 'limit'],
      blocks: [
        text(
          `A trade swaps one of your POGs for one of another player's, and only happens when they accept your offer. You can send up to **${limits.dailyTradeLimit} offers per day**${
            raised(limits, ['dailyTradeLimit']) ? ` (the base is ${LIMITS.dailyTradeLimit}; your achievements raised it)` : ''
          }; an offer nobody answers expires after ${plural(EXPIRY.tradeDays, 'day')}.`,
        ),
      ],
    },
    {
      id: 'trade-supply',
      heading: 'Supply limits',
      keywords: ['trade', 'supply', 'limit', 'many', 'times', 'left', 'remaining'],
      blocks: [
        text('Each POG can take part in a limited number of trades, by rarity. Creators may set a lower limit.'),
        { kind: 'rarityTable', caption: 'Trade supply by rarity', column: 'Trades', values: byRarity((r) => String(TRADE_SUPPLY[r])) },
      ],
    },
    {
      id: 'trade-cooldown',
      heading: 'Cooldowns',
      keywords: ['trade', 'cooldown', 'wait', 'minute', 'rest', 'again', 'timer'],
      blocks: [
        text('After a trade, each POG rests before it can be traded or battled again.'),
        { kind: 'rarityTable', caption: 'Trade cooldown by rarity', column: 'Cooldown', values: byRarity((r) => plural(TRADE_COOLDOWN_MINUTES[r], 'minute')) },
      ],
    },
    {
      id: 'how-to-trade',
      heading: 'How to trade',
      keywords: ['trade', 'step', 'start', 'send', 'center', 'player', 'another'],
      blocks: [
        {
          kind: 'steps',
          items: [
            'Open the Trade Center and choose New Trade.',
            'Pick one of your POGs to offer.',
            'Select the player you want to trade with.',
            'Pick the POG of theirs you want and send the offer.',
            'When they accept, the two POGs swap owners.',
          ],
        },
      ],
    },
  ],
});

const BATTLES: GuideTopic = {
  id: 'battles',
  title: 'Battles',
  sections: [
    {
      id: 'how-battles-work',
      heading: 'How battles work',
      keywords: ['battle', 'fight', 'duel', 'roll', 'win', 'lose', 'championship', 'flip', 'coin', 'tie', 'random'],
      blocks: [
        text(
          `Two players each risk one POG. Each rolls a random number from ${BATTLE_ROLL.min} to ${BATTLE_ROLL.max}, and the higher roll wins both POGs; a tie is rolled again. A championship battle is the best of three rolls, and a flip battle is a plain coin flip with no bonuses.`,
        ),
      ],
    },
    {
      id: 'battle-advantages',
      heading: 'Advantages',
      keywords: ['battle', 'bonus', 'advantage', 'odds', 'chance', 'better', 'rarity', 'edge'],
      blocks: [
        text('Rarer POGs add a bonus to every roll:'),
        { kind: 'rarityTable', caption: 'Roll bonus by rarity', column: 'Roll bonus', values: byRarity((r) => `+${BATTLE_BONUS[r]}`) },
      ],
    },
    {
      id: 'battle-steps',
      heading: 'Battle step by step',
      keywords: ['battle', 'step', 'start', 'challenge', 'arena', 'opponent', 'accept'],
      blocks: [
        {
          kind: 'steps',
          items: [
            'Open the Battle Arena.',
            'Choose an opponent.',
            'Pick the POG you are willing to risk.',
            'Send the challenge.',
            `Your opponent accepts with a POG of their own (within ${EXPIRY.pendingBattleHours} hours).`,
            "Either of you flips to battle, and the winner takes the loser's POG.",
          ],
        },
      ],
    },
    {
      id: 'risk-reward',
      heading: 'Risk versus reward',
      keywords: ['battle', 'risk', 'reward', 'lose', 'fair', 'cheat', 'seed', 'verify', 'proof', 'rigged'],
      blocks: [
        text(
          'The POG you risk can be lost for good, so bring one you can spare, or a rare one whose bonus tips the odds. Every roll is provably fair: the server commits to a secret seed when the challenge is made (its hash is on the battle card, with a Copy button), each player adds a seed of their own, and the server’s seed is revealed afterwards so anyone can check the result on the battle’s verify page.',
        ),
      ],
    },
  ],
};

const ACHIEVEMENTS_TOPIC: GuideTopic = {
  id: 'achievements',
  title: 'Achievements',
  sections: [
    {
      id: 'achievements',
      heading: 'Achievements and rewards',
      keywords: ['achievement', 'reward', 'badge', 'unlock', 'goal', 'complete', 'medal', 'trophy', 'raise', 'slot'],
      blocks: [
        text('Achievements complete by themselves when your stats reach their target, and each one raises some of your limits for good:'),
        { kind: 'bullets', items: ACHIEVEMENTS.map((a) => `${a.name}: ${a.description} Reward: ${describeReward(a)}.`) },
      ],
    },
  ],
};

/**
 * The help dialog's guide, in the order of its four tabs (product spec: what the product does), quoting these limits: a
 * signed-in player's own (pass their stats), else the base ones.
 */
export function gameGuide(limits: GuideLimits = BASE_GUIDE_LIMITS): readonly GuideTopic[] {
  const own = limitsOf(limits);
  return [BASICS, creationTopic(own), tradingTopic(own), BATTLES];
}

/** What PogBot answers from and the chat page shows: the dialog's guide plus the achievements and what came after the spec. */
export function pogbotGuide(limits: GuideLimits = BASE_GUIDE_LIMITS): readonly GuideTopic[] {
  return [...gameGuide(limits), ACHIEVEMENTS_TOPIC, moreTopic(limitsOf(limits))];
}

/** The guide with the base limits (a visitor's). */
export const GAME_GUIDE: readonly GuideTopic[] = gameGuide();
export const POGBOT_GUIDE: readonly GuideTopic[] = pogbotGuide();

/** Text without the `**strong**` marks. */
export function plainText(marked: string): string {
  return marked.replace(/\*\*(.+?)\*\*/g, '$1');
}

function blockText(block: GuideBlock): string {
  switch (block.kind) {
    case 'text':
      return plainText(block.text);
    case 'steps':
      return block.items.map((item, i) => `${i + 1}. ${item}`).join('\n');
    case 'bullets':
      return block.items.map((item) => `- ${item}`).join('\n');
    case 'rarityTable':
      return `${block.caption}: ${RARITIES.map((r) => `${r} ${block.values[r]}`).join(', ')}.`;
  }
}

/** One section as plain text, its heading first. */
export function sectionText(section: GuideSection): string {
  return [section.heading, ...section.blocks.map(blockText)].join('\n');
}

/** The whole guide as plain text (PogBot's reference). */
export function guideText(guide: readonly GuideTopic[] = GAME_GUIDE): string {
  return guide.map((topic) => [`## ${topic.title}`, ...topic.sections.map(sectionText)].join('\n\n')).join('\n\n');
}
