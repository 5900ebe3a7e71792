/**
 * PogBot without the AI service (no ANTHROPIC_API_KEY): it answers with the guide sections that
 * best match the question, and says plainly that it is in offline mode.
 */
import { indexGuide, POGBOT_GUIDE, sectionText, type GuideMatch } from '../help';
import { OFFLINE_NOTICE } from './schemas';

const index = indexGuide(POGBOT_GUIDE);

/** A second section joins the answer only when it matches nearly as well as the best one. */
const SECOND_SECTION_RATIO = 0.6;

function relevant(matches: GuideMatch[]): GuideMatch[] {
  const [best, second] = matches;
  if (!best) return [];
  return second && second.score >= best.score * SECOND_SECTION_RATIO ? [best, second] : [best];
}

export function offlineAnswer(question: string): string {
  const matches = relevant(index.search(question, 2));
  if (matches.length === 0) {
    const topics = POGBOT_GUIDE.map((topic) => `${topic.title} (${topic.sections.map((s) => s.heading.toLowerCase()).join(', ')})`).join('; ');
    return `${OFFLINE_NOTICE}\n\nI could not find that in the game guide. I can tell you about: ${topics}. Try asking about one of those.`;
  }
  const parts = matches.map(({ topic, section }) => `${topic.title}: ${sectionText(section)}`);
  return [OFFLINE_NOTICE, ...parts, 'The Game Guide tab beside this chat has the whole guide.'].join('\n\n');
}
