/** The Battle Arena's reads. The screens show their own failure toasts, so the global one is off. */
import { useQuery } from '@tanstack/react-query';
import { apiPaths, type BattleId, type UserId } from '@pog/common';
import { routeQuery } from '../../api/client';

export function usePendingBattles(userId: UserId | undefined) {
  return useQuery({ ...routeQuery(apiPaths.battles.pending, { params: { userId: userId ?? 0 } }), enabled: userId !== undefined, meta: { errorToast: false } });
}

export function useBattleHistory(userId: UserId | undefined) {
  return useQuery({ ...routeQuery(apiPaths.battles.history, { params: { userId: userId ?? 0 } }), enabled: userId !== undefined, meta: { errorToast: false } });
}

export function useBattle(battleId: BattleId | null) {
  return useQuery({ ...routeQuery(apiPaths.battles.get, { params: { id: battleId ?? 0 } }), enabled: battleId !== null });
}
