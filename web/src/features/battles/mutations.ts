/**
 * The battle writes, each with the toasts of the product spec (errors) (Battles) and the cache updates that go
 * with it. None is retried: a second challenge would be refused (the POG is already risked) and a
 * second answer as "no longer pending", which would only hide what really happened. Completing is
 * safe to repeat on the server, but the reveal should not play twice.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Battle, BattleId, CreateBattleRequest, PogId, UserId } from '@pog/common';
import { isOnline } from '../../stores/network';
import { toast } from '../../stores/toasts';
import { showFailure } from '../errors/showError';
import { acceptChallenge, cancelChallenge, completeBattle, declineChallenge, sendChallenge } from './api';
import { applyBattleUpdate, knownCompleted } from './cache';
import { battleIn, failureMessage } from './failures';
import { BATTLE_TEXT } from './messages';
import { abandonReveal, announceCompletion, prepareReveal } from './reveal';

interface WriteHooks<Input> {
  onStart?: (input: Input) => void;
  onFailure?: (input: Input) => void;
}

function useBattleWrite<Input>(
  viewerId: UserId,
  run: (input: Input) => Promise<Battle>,
  success: (battle: Battle) => { title: string; description?: string } | null,
  failedFallback: string,
  hooks: WriteHooks<Input> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: run,
    onMutate: hooks.onStart,
    onSuccess: (battle) => {
      const newlyCompleted = battle.status === 'completed' && !knownCompleted(queryClient, battle, viewerId);
      applyBattleUpdate(queryClient, battle, viewerId);
      if (newlyCompleted) announceCompletion(battle);
      const message = success(battle);
      if (message) toast(message);
    },
    onError: (error, input) => {
      hooks.onFailure?.(input);
      const current = battleIn(error);
      if (current) applyBattleUpdate(queryClient, current, viewerId);
      showFailure(error, () => ({ title: BATTLE_TEXT.errorTitle, description: failureMessage(error, failedFallback, isOnline()) }));
    },
  });
}

export const useSendChallenge = (viewerId: UserId) =>
  useBattleWrite(
    viewerId,
    (request: CreateBattleRequest) => sendChallenge(request),
    (battle) => ({ title: BATTLE_TEXT.sentTitle, description: BATTLE_TEXT.sentMessage(battle.defender.username) }),
    BATTLE_TEXT.sendFailed,
  );

export const useAcceptChallenge = (viewerId: UserId) =>
  useBattleWrite(
    viewerId,
    ({ battleId, pogId, seed }: { battleId: BattleId; pogId: PogId; seed?: string | undefined }) => acceptChallenge(battleId, pogId, seed),
    () => ({ title: BATTLE_TEXT.acceptedTitle, description: BATTLE_TEXT.acceptedMessage }),
    BATTLE_TEXT.acceptFailed,
  );

export const useDeclineChallenge = (viewerId: UserId) =>
  useBattleWrite(viewerId, declineChallenge, () => ({ title: BATTLE_TEXT.declinedTitle, description: BATTLE_TEXT.declinedMessage }), BATTLE_TEXT.declineFailed);

export const useCancelChallenge = (viewerId: UserId) =>
  useBattleWrite(viewerId, cancelChallenge, () => ({ title: BATTLE_TEXT.cancelledTitle, description: BATTLE_TEXT.cancelledMessage }), BATTLE_TEXT.cancelFailed);

/**
 * The 'Battle Completed!' toast comes from the reveal, once the rolls have been shown. The reveal's
 * build-up starts with the click, so the wait for the server is part of the show.
 */
export const useCompleteBattle = (viewerId: UserId) =>
  useBattleWrite(viewerId, (battle: Battle) => completeBattle(battle.id), () => null, BATTLE_TEXT.completeFailed, {
    onStart: prepareReveal,
    onFailure: (battle) => abandonReveal(battle.id),
  });
