import { afterEach, describe, expect, it } from 'vitest';
import { useToastStore } from '../../stores/toasts';
import { announceCompletion, closeReveal, finishReveal, registerStage, useRevealStore } from './reveal';
import { makeBattle, makeCompletedBattle } from './testBattle';

afterEach(() => {
  useRevealStore.setState({ current: null, announced: new Set(), stages: 0 });
  useToastStore.setState({ current: null });
});

describe('the reveal of a completed battle', () => {
  it('toasts at once when no Battle Arena is on screen, and only once per battle', () => {
    announceCompletion(makeCompletedBattle());
    expect(useToastStore.getState().current?.title).toBe('Battle Completed!');
    useToastStore.setState({ current: null });
    announceCompletion(makeCompletedBattle());
    expect(useToastStore.getState().current).toBeNull();
  });

  it('plays on a mounted stage first and toasts when the stage has shown the winner', () => {
    const unregister = registerStage();
    const battle = makeCompletedBattle({ id: 5 });
    announceCompletion(battle);
    expect(useRevealStore.getState().current?.id).toBe(5);
    expect(useToastStore.getState().current).toBeNull();
    finishReveal(battle);
    expect(useToastStore.getState().current?.description).toBe('alice wins! alice rolled 57, bob rolled 41.');
    closeReveal();
    expect(useRevealStore.getState().current).toBeNull();
    unregister();
    expect(useRevealStore.getState().stages).toBe(0);
  });

  it('ignores a battle that is not completed', () => {
    announceCompletion(makeBattle({ status: 'accepted' }));
    expect(useToastStore.getState().current).toBeNull();
    expect(useRevealStore.getState().announced.size).toBe(0);
  });
});
