/** The Battle Arena's reads. The screens show their own failure toasts, so the global one is off. */
import { useQuery } from '@tanstack/react-query';
import type { Battle } from '@pog/common';
import { battleHistoryKey, battleKey, pendingBattlesKey } from './keys';

export function usePendingBattles(userId: number | undefined) {
  return useQuery<Battle[]>({ queryKey: pendingBattlesKey(userId ?? 0), enabled: userId !== undefined, meta: { errorToast: false } });
}

export function useBattleHistory(userId: number | undefined) {
  return useQuery<Battle[]>({ queryKey: battleHistoryKey(userId ?? 0), enabled: userId !== undefined, meta: { errorToast: false } });
}

export function useBattle(battleId: number | null) {
  return useQuery<Battle>({ queryKey: battleKey(battleId ?? 0), enabled: battleId !== null });
}
