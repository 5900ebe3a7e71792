import { useEffect, useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Battle, User } from '@pog/common';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { toast } from '../../../stores/toasts';
import { BATTLE_TEXT } from '../messages';
import { useBattleHistory, usePendingBattles } from '../queries';
import { AcceptDialog } from './AcceptDialog';
import { BattleCard } from './BattleCard';
import { List, Muted, Notice } from './styles';

/** The spec on errors (Battles): a list that fails to load says so in an 'Error' toast, once per failure. */
function useLoadFailureToast(query: UseQueryResult<Battle[]>, message: string) {
  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt > 0) toast({ title: BATTLE_TEXT.errorTitle, description: message, variant: 'destructive' });
  }, [failedAt, message]);
}

interface BattleListProps {
  viewer: User;
  flipLabel: string;
  onDetails: (battle: Battle) => void;
}

function Battles({ query, viewer, flipLabel, onDetails, label, empty, failed }: BattleListProps & { query: UseQueryResult<Battle[]>; label: string; empty: ReactNode; failed: string }) {
  const [accepting, setAccepting] = useState<Battle | null>(null);
  useLoadFailureToast(query, failed);
  if (query.isPending) return <Spinner label={`Loading ${label.toLowerCase()}...`} />;
  if (query.isError) {
    return (
      <Notice role="alert">
        <span>{failed}</span>
        <Button $size="sm" $variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Notice>
    );
  }
  if (query.data.length === 0) return <Notice>{empty}</Notice>;
  return (
    <>
      <List aria-label={label}>
        {query.data.map((battle) => (
          <li key={battle.id}>
            <BattleCard battle={battle} viewer={viewer} flipLabel={flipLabel} onAccept={setAccepting} onDetails={onDetails} />
          </li>
        ))}
      </List>
      {accepting && <AcceptDialog battle={accepting} viewer={viewer} onClose={() => setAccepting(null)} />}
    </>
  );
}

/** Your pending and accepted battles: what waits for an answer or a flip. */
export function OpenBattles({ label, ...props }: BattleListProps & { label: string }) {
  const query = usePendingBattles(props.viewer.id);
  const empty = (
    <div>
      <strong>{BATTLE_TEXT.noOpen}</strong>
      <Muted>{BATTLE_TEXT.noOpenHint}</Muted>
    </div>
  );
  return <Battles {...props} query={query} label={label} empty={empty} failed={BATTLE_TEXT.loadPendingFailed} />;
}

/** Completed, declined, cancelled and expired battles, the latest first. */
export function BattleHistory(props: BattleListProps) {
  const query = useBattleHistory(props.viewer.id);
  return <Battles {...props} query={query} label={BATTLE_TEXT.historyTab} empty={BATTLE_TEXT.noHistory} failed={BATTLE_TEXT.loadHistoryFailed} />;
}
