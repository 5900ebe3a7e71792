import { BRAND } from '@pog/common';
import { Dialog } from '../../components/Dialog';
import { Tabs } from '../../components/Tabs';
import { GuideTopicContent } from './guideContent';
import { usePlayerGuide } from './usePlayerGuide';

/** The help dialog: the federation's game guide in four tabs. */
export function GameGuideDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // A signed-in player reads their own limits (the ones the profile shows).
  const guide = usePlayerGuide(false, open);
  return (
    <Dialog open={open} onClose={onClose} title={`${BRAND} Game Guide`} description="Everything you need to know to create, trade and battle." width={680}>
      <Tabs label="Game guide topics" items={guide.map((topic) => ({ id: topic.id, label: topic.title, content: <GuideTopicContent topic={topic} /> }))} />
    </Dialog>
  );
}
export default GameGuideDialog;
