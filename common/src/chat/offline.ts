/**
 * PogBot without the AI service (no ANTHROPIC_API_KEY): it answers with the guide sections that
 * best match the question, and says plainly that it is in offline mode.
 */
import { indexGuide, pogbotGuide, POGBOT_GUIDE, sectionText, type GuideLimits, type GuideMatch, type GuideSection } from '../help';
import { OFFLINE_NOTICE } from './schemas';

const index = indexGuide(POGBOT_GUIDE);

/** A second section joins the answer only when it matches nearly as well as the best one. */
const SECOND_SECTION_RATIO = 0.6;

function relevant(matches: GuideMatch[]): GuideMatch[] {
  const [best, second] = matches;
  if (!best) return [];
  return second && second.score >= best.score * SECOND_SECTION_RATIO ? [best, second] : [best];
}

/**
 * The guide's answer to a question, quoting the asking player's own limits when given (their stats:
 * base plus achievement rewards), else the base ones. Matching uses the base guide: the words are
 * the same, only the numbers differ.
 */
export function offlineAnswer(question: string, limits?: GuideLimits): string {
  const own = new Map<string, GuideSection>(pogbotGuide(limits).flatMap((topic) => topic.sections.map((section) => [section.id, section] as const)));
  const matches = relevant(index.search(question, 2)).map((match) => ({ ...match, section: own.get(match.section.id) ?? match.section }));
  if (matches.length === 0) {
    const topics = POGBOT_GUIDE.map((topic) => `${topic.title} (${topic.sections.map((s) => s.heading.toLowerCase()).join(', ')})`).join('; ');
    return `${OFFLINE_NOTICE}\n\nI could not find that in the game guide. I can tell you about: ${topics}. Try asking about one of those.`;
  }
  const parts = matches.map(({ topic, section }) => `${topic.title}: ${sectionText(section)}`);
  return [OFFLINE_NOTICE, ...parts, 'The Game Guide tab beside this chat has the whole guide.'].join('\n\n');
}
