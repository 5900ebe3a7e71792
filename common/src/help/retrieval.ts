/**
 * Finding the guide sections that answer a question, without any AI service: PogBot's offline
 * mode. Questions and sections are cut into words and reduced to rough stems (so "trading",
 * "trades" and "trade" meet), then scored BM25-style: rarer words count more, repeats and long
 * sections count less, and a word in a section's title, heading or keywords counts extra.
 */
import { plainText, POGBOT_GUIDE, type GuideBlock, type GuideSection, type GuideTopic } from './guide';

const STOPWORDS = new Set(
  (
    'a an the is are am was were be been being do does did doing i im me my mine you your yours we our it its to of in on for and or ' +
    'can could what whats when where which who whom why with at by from about this that these those there here any some if so get got ' +
    'much please tell pogbot hi hello hey should would will shall may might must just also than then them they their not no yes ' +
    'one ones thing things really very know want need like how'
  ).split(' '),
);

/** Words a player may use for the guide's own words. */
const SYNONYMS: Record<string, string> = {
  fight: 'battle',
  fights: 'battle',
  fighting: 'battle',
  duel: 'battle',
  duels: 'battle',
  combat: 'battle',
  swap: 'trade',
  swaps: 'trade',
  swapping: 'trade',
  exchange: 'trade',
  exchanging: 'trade',
  won: 'win',
  winner: 'win',
  winning: 'win',
  wins: 'win',
  made: 'make',
  maximum: 'max',
  pts: 'point',
  disc: 'pog',
  discs: 'pog',
};

/** A plural's singular: "battles" → "battle", "abilities" → "ability", "matches" → "match". */
function singular(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(s|x|z|ch|sh)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !/(ss|us)$/.test(w)) return w.slice(0, -1);
  return w;
}

/** Without one verb or noun ending: -ing, -ed, -ion, -er or -or. */
function withoutEnding(w: string): string {
  if (w.length > 5 && w.endsWith('ing')) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith('ed')) return w.slice(0, -2);
  if (w.length > 6 && w.endsWith('ion')) return w.slice(0, -3);
  if (w.length > 5 && /(er|or)$/.test(w)) return w.slice(0, -2);
  return w;
}

/** A rough stem: enough for "battles/battling/battle" or "creation/creator/created" to meet. */
export function stem(word: string): string {
  const w = withoutEnding(singular(SYNONYMS[word] ?? word));
  return w.length > 3 && w.endsWith('e') ? w.slice(0, -1) : w;
}

/** The meaningful stems of a text, in order, repeats kept. */
export function terms(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !STOPWORDS.has(word))
    .map(stem);
}

function blockWords(block: GuideBlock): string {
  if (block.kind === 'text') return plainText(block.text);
  if (block.kind === 'rarityTable') return `${block.caption} ${block.column} ${Object.keys(block.values).join(' ')}`;
  return block.items.join(' ');
}

interface IndexedSection {
  topic: GuideTopic;
  section: GuideSection;
  /** How often each stem is used in the section's text. */
  body: Map<string, number>;
  bodyLength: number;
  /** The stems of its topic title, heading and keywords. */
  labels: Set<string>;
}

/** BM25's usual constants: how fast repeats stop counting, and how much a long text is discounted. */
const SATURATION = 1.2;
const LENGTH_WEIGHT = 0.75;
/** A word in the title, heading or keywords counts as much as a couple of uses in the text. */
const LABEL_WEIGHT = 2;

export interface GuideMatch {
  topic: GuideTopic;
  section: GuideSection;
  score: number;
}

export interface GuideIndex {
  search(question: string, limit?: number): GuideMatch[];
}

/** Builds the index once; a search then only reads it. */
export function indexGuide(guide: readonly GuideTopic[] = POGBOT_GUIDE): GuideIndex {
  const sections: IndexedSection[] = guide.flatMap((topic) =>
    topic.sections.map((section) => {
      const words = terms(section.blocks.map(blockWords).join(' '));
      const body = new Map<string, number>();
      for (const term of words) body.set(term, (body.get(term) ?? 0) + 1);
      const labels = new Set(terms(`${topic.title} ${section.heading} ${section.keywords.join(' ')}`));
      return { topic, section, body, bodyLength: words.length, labels };
    }),
  );
  const averageLength = sections.reduce((sum, s) => sum + s.bodyLength, 0) / Math.max(1, sections.length);
  const documentFrequency = new Map<string, number>();
  for (const { body, labels } of sections) {
    for (const term of new Set([...body.keys(), ...labels])) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const idf = (term: string) => Math.log(1 + sections.length / (documentFrequency.get(term) ?? sections.length));

  // A word used many times, or in a long section, says less about that section (BM25).
  const weight = (section: IndexedSection, term: string) => {
    const uses = section.body.get(term) ?? 0;
    const lengthFactor = 1 - LENGTH_WEIGHT + (LENGTH_WEIGHT * section.bodyLength) / averageLength;
    const inText = (uses * (SATURATION + 1)) / (uses + SATURATION * lengthFactor);
    return inText + (section.labels.has(term) ? LABEL_WEIGHT : 0);
  };

  return {
    search(question, limit = 2) {
      const asked = [...new Set(terms(question))];
      return sections
        .map((section) => ({
          topic: section.topic,
          section: section.section,
          score: asked.reduce((sum, term) => sum + idf(term) * weight(section, term), 0),
        }))
        .filter((match) => match.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, limit);
    },
  };
}
