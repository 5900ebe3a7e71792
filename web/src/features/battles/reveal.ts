/**
 * The reveal of a completed battle's rolls: both players see it once, whether the
 * result came from their own flip or from the socket. A Battle Arena screen on display plays the
 * animated flip and toasts at its end; anywhere else the 'Battle Completed!' toast comes at once.
 */
import { create } from 'zustand';
import type { Battle, BattleId } from '@pog/common';
import { toast } from '../../stores/toasts';
import { completionToast } from './outcome';

interface RevealState {
  /** The battle whose rolls are being revealed on screen, if any. */
  current: Battle | null;
  /** Battles already announced, so the answer to a flip and its socket echo reveal only once. */
  announced: ReadonlySet<number>;
  /** How many reveal stages are mounted (a Battle Arena screen is open). */
  stages: number;
}

export const useRevealStore = create<RevealState>(() => ({ current: null, announced: new Set(), stages: 0 }));

export function announceCompletion(battle: Battle): void {
  const state = useRevealStore.getState();
  if (battle.status !== 'completed' || state.announced.has(battle.id)) return;
  const announced = new Set(state.announced).add(battle.id);
  if (state.stages > 0) {
    useRevealStore.setState({ announced, current: battle });
  } else {
    useRevealStore.setState({ announced });
    toast(completionToast(battle));
  }
}

/**
 * The player pressed the flip with a Battle Arena on screen: the build-up (both discs, the
 * count-in) starts at once, while the server rolls, and the rolls land when the result arrives
 * (announceCompletion puts the completed battle in its place).
 */
export function prepareReveal(battle: Battle): void {
  const state = useRevealStore.getState();
  if (state.stages === 0 || state.current !== null || state.announced.has(battle.id)) return;
  useRevealStore.setState({ current: battle });
}

/** The flip failed: a build-up still waiting for its result ends (the failure toast says why). */
export function abandonReveal(battleId: BattleId): void {
  const current = useRevealStore.getState().current;
  if (current?.id === battleId && current.status !== 'completed') useRevealStore.setState({ current: null });
}

/** Called by the stage when its animation has shown the winner. */
export function finishReveal(battle: Battle): void {
  if (useRevealStore.getState().current?.id === battle.id) toast(completionToast(battle));
}

export function closeReveal(): void {
  useRevealStore.setState({ current: null });
}

/** A stage registers while mounted; returns its unregister function. */
export function registerStage(): () => void {
  useRevealStore.setState((state) => ({ stages: state.stages + 1 }));
  return () => useRevealStore.setState((state) => ({ stages: state.stages - 1 }));
}
