import { BRAND } from '@pog/common';
import { Dialog } from '../../components/Dialog';
import { Tabs } from '../../components/Tabs';
import { BasicsTab, BattlesTab, CreationTab, TradingTab } from './guideContent';

/** The help dialog: the federation's game guide in four tabs. */
export function GameGuideDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title={`${BRAND} Game Guide`} description="Everything you need to know to create, trade and battle." width={680}>
      <Tabs
        label="Game guide topics"
        items={[
          { id: 'basics', label: 'Basics', content: <BasicsTab /> },
          { id: 'creation', label: 'Creation', content: <CreationTab /> },
          { id: 'trading', label: 'Trading', content: <TradingTab /> },
          { id: 'battles', label: 'Battles', content: <BattlesTab /> },
        ]}
      />
    </Dialog>
  );
}
