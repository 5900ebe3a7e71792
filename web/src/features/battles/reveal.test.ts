import { afterEach, describe, expect, it } from 'vitest';
import { useToastStore } from '../../stores/toasts';
import { abandonReveal, announceCompletion, closeReveal, finishReveal, prepareReveal, registerStage, useRevealStore } from './reveal';
import { makeBattle, makeCompletedBattle } from './testBattle';
import { asBattleId } from '@pog/common';

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

  it("starts the build-up at the player's own flip, and puts the result in its place when it arrives", () => {
    const unregister = registerStage();
    prepareReveal(makeBattle({ id: 6, status: 'accepted' }));
    expect(useRevealStore.getState().current).toMatchObject({ id: 6, status: 'accepted' });
    announceCompletion(makeCompletedBattle({ id: 6 }));
    expect(useRevealStore.getState().current).toMatchObject({ id: 6, status: 'completed' });
    // A failure ends only a build-up still waiting.
    abandonReveal(asBattleId(6));
    expect(useRevealStore.getState().current?.id).toBe(6);
    closeReveal();
    prepareReveal(makeBattle({ id: 7, status: 'accepted' }));
    abandonReveal(asBattleId(7));
    expect(useRevealStore.getState().current).toBeNull();
    unregister();
    // Without a Battle Arena on screen there is no build-up.
    prepareReveal(makeBattle({ id: 8, status: 'accepted' }));
    expect(useRevealStore.getState().current).toBeNull();
  });

  it('ignores a battle that is not completed', () => {
    announceCompletion(makeBattle({ status: 'accepted' }));
    expect(useToastStore.getState().current).toBeNull();
    expect(useRevealStore.getState().announced.size).toBe(0);
  });
});
