/**
 * Keeps the Battle Arena's lists (and the POGs a battle moved) in step with a change, whether it came
 * from our own request or from the socket (`battle:created`, `battle:updated`). Every change carries
 * the full battle, so the lists are patched in place and nothing needs a reload.
 */
import type { QueryClient } from '@tanstack/react-query';
import { type Battle, OPEN_BATTLE_STATUSES, type UserId } from '@pog/common';
import { applyPogUpdate } from '../pogs/cache';
import { battleHistoryKey, battleKey, pendingBattlesKey } from './keys';
import { sideOf } from './outcome';

export const isOpen = (battle: Pick<Battle, 'status'>) => (OPEN_BATTLE_STATUSES as readonly string[]).includes(battle.status);

const byNewest = (a: Battle, b: Battle) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

/** The open list after a change: an open battle is added or refreshed, a finished one is dropped. */
export function withOpenBattle(list: readonly Battle[], battle: Battle): Battle[] {
  const others = list.filter((item) => item.id !== battle.id);
  return isOpen(battle) ? [...others, battle].sort(byNewest) : others;
}

/** The history after a change: the battle that just finished goes first, once; an open one stays out. */
export function withClosedBattle(list: readonly Battle[], battle: Battle): Battle[] {
  if (isOpen(battle)) return [...list];
  return [battle, ...list.filter((item) => item.id !== battle.id)];
}

/** Whether the cache already knew this battle as completed (so its result was already shown). */
export function knownCompleted(queryClient: QueryClient, battle: Battle, viewerId: UserId): boolean {
  const known = [
    queryClient.getQueryData(battleKey(battle.id)),
    queryClient.getQueryData(battleHistoryKey(viewerId))?.find((item) => item.id === battle.id),
  ];
  return known.some((item) => item?.status === 'completed');
}

export function applyBattleUpdate(queryClient: QueryClient, battle: Battle, viewerId: UserId): void {
  if (sideOf(battle, viewerId) === null) return;
  queryClient.setQueryData(battleKey(battle.id), battle);
  // A list not loaded yet is left alone: its first fetch already includes this battle.
  const open = queryClient.getQueryData(pendingBattlesKey(viewerId));
  if (open) queryClient.setQueryData(pendingBattlesKey(viewerId), withOpenBattle(open, battle));
  const history = queryClient.getQueryData(battleHistoryKey(viewerId));
  if (history && !isOpen(battle)) queryClient.setQueryData(battleHistoryKey(viewerId), withClosedBattle(history, battle));

  if (battle.status === 'completed') {
    // The snapshots are taken after the transfer: the loser's POG now belongs to the winner.
    for (const pog of [battle.challengerPog, battle.defenderPog]) if (pog) applyPogUpdate(queryClient, pog);
  }
}
