/**
 * The Battle Arena's address: `?opponent={userId}` preselects whom to challenge (product spec: screens) and
 * `?battle={id}` opens a battle's record (rounds, seed, Verify), so a result can be linked to.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { asBattleId, type Battle } from '@pog/common';

export function useArenaParams() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('battle');
  const battleId = raw && /^\d+$/.test(raw) ? asBattleId(Number(raw)) : null;

  const openDetails = useCallback(
    (battle: Pick<Battle, 'id'>) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('battle', String(battle.id));
        return next;
      }),
    [setParams],
  );
  const closeDetails = useCallback(
    () =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete('battle');
        return next;
      }),
    [setParams],
  );
  return { opponentParam: params.get('opponent'), battleId, openDetails, closeDetails };
}
