/**
 * Renders the game guide (product spec: what the product does) from its shared data in @pog/common: the help dialog's
 * tabs and the chat page's Game Guide tab show the very sections PogBot answers from, and every
 * number in them is a constant the server enforces.
 */
import { Fragment } from 'react';
import type { GuideBlock, GuideSection, GuideTopic } from '@pog/common';
import { Bullets, Heading, Section, Steps, Text } from './guideStyles';
import { RarityTable } from './RarityTable';

/** Text with `**strong**` marks, the marked words in bold. */
function Marked({ text }: { text: string }) {
  // split with a capture group: odd indexes are the marked words.
  return (
    <>
      {text.split(/\*\*(.+?)\*\*/g).map((part, i) => (i % 2 === 1 ? <strong key={i}>{part}</strong> : <Fragment key={i}>{part}</Fragment>))}
    </>
  );
}

function Block({ block }: { block: GuideBlock }) {
  switch (block.kind) {
    case 'text':
      return (
        <Text>
          <Marked text={block.text} />
        </Text>
      );
    case 'steps':
    case 'bullets': {
      const List = block.kind === 'steps' ? Steps : Bullets;
      return (
        <List>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </List>
      );
    }
    case 'rarityTable':
      return <RarityTable caption={block.caption} column={block.column} value={(rarity) => block.values[rarity]} />;
  }
}

function GuideSectionContent({ section }: { section: GuideSection }) {
  return (
    <Section>
      <Heading>{section.heading}</Heading>
      {section.blocks.map((block, i) => (
        <Block key={i} block={block} />
      ))}
    </Section>
  );
}

/** One topic: its sections, each under its heading. */
export function GuideTopicContent({ topic }: { topic: GuideTopic }) {
  return (
    <>
      {topic.sections.map((section) => (
        <GuideSectionContent key={section.id} section={section} />
      ))}
    </>
  );
}
