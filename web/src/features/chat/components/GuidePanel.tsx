import styled from 'styled-components';
import { GuideTopicContent } from '../../help/guideContent';
import { usePlayerGuide } from '../../help/usePlayerGuide';
import { CHAT_TEXT } from '../messages';
import { CHAT_HISTORY_HEIGHT_PX } from './styles';

const Scroller = styled.div`
  max-height: ${CHAT_HISTORY_HEIGHT_PX}px;
  overflow-y: auto;
  padding-right: 0.25rem;
`;

const Topic = styled.section`
  & + & { margin-top: 1.75rem; }
  h2 { font-size: 1.25rem; margin-bottom: 0.75rem; }
`;

/** The guide PogBot answers from, all topics in one scrolling column. */
export function GuidePanel() {
  // The player's own limits, as PogBot quotes them.
  const guide = usePlayerGuide(true);
  return (
    // It scrolls on its own, so it takes focus: the keyboard can scroll it too.
    <Scroller tabIndex={0} role="region" aria-label={CHAT_TEXT.guideTab}>
      {guide.map((topic) => (
        <Topic key={topic.id} aria-labelledby={`guide-topic-${topic.id}`}>
          <h2 id={`guide-topic-${topic.id}`}>{topic.title}</h2>
          <GuideTopicContent topic={topic} />
        </Topic>
      ))}
    </Scroller>
  );
}
