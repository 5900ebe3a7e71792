/** The Battle Arena's reads. The screens show their own failure toasts, so the global one is off. */
import { useQuery } from '@tanstack/react-query';
import type { Battle } from '@pog/common';
import type { PlayerSummary } from '../pogs/queries';
import { battleHistoryKey, battleKey, CHALLENGEABLE_PLAYERS_KEY, pendingBattlesKey } from './keys';

export function usePendingBattles(userId: number | undefined) {
  return useQuery<Battle[]>({ queryKey: pendingBattlesKey(userId ?? 0), enabled: userId !== undefined, meta: { errorToast: false } });
}

export function useBattleHistory(userId: number | undefined) {
  return useQuery<Battle[]>({ queryKey: battleHistoryKey(userId ?? 0), enabled: userId !== undefined, meta: { errorToast: false } });
}

export function useBattle(battleId: number | null) {
  return useQuery<Battle>({ queryKey: battleKey(battleId ?? 0), enabled: battleId !== null });
}

/** Opponents for a challenge: other players' POGs cool down and get risked, so it is read fresh on each visit. */
export function useChallengeablePlayers() {
  return useQuery<PlayerSummary[]>({ queryKey: CHALLENGEABLE_PLAYERS_KEY, staleTime: 0 });
}
