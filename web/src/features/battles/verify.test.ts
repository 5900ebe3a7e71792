import { describe, expect, it } from 'vitest';
import { generateSeed, resolveBattle, seedHashOf, type Battle } from '@pog/common';
import { makeCompletedBattle } from './testBattle';
import { verifyInBrowser } from './verify';

/** A battle completed by the published rule, as the server would store it. */
async function honestBattle(battleType: Battle['battleType']): Promise<Battle> {
  const seed = generateSeed();
  const base = makeCompletedBattle({ id: 42, battleType, challengerRarity: 'legendary', defenderRarity: 'uncommon' });
  const seeds = { rollVersion: 2, challengerSeed: base.challengerSeed, defenderSeed: base.defenderSeed } as const;
  const resolution = await resolveBattle({ seed, battleId: base.id, battleType, challengerRarity: 'legendary', defenderRarity: 'uncommon', ...seeds });
  return {
    ...base,
    seed,
    seedHash: await seedHashOf(seed),
    rounds: resolution.rounds,
    challengerRoll: resolution.challengerRoll,
    defenderRoll: resolution.defenderRoll,
    winnerId: resolution.winner === 'challenger' ? base.challengerId : base.defenderId,
  };
}

describe('verifyInBrowser', () => {
  it('confirms an honest battle of every type', async () => {
    for (const type of ['standard', 'championship', 'flip'] as const) {
      expect(await verifyInBrowser(await honestBattle(type))).toEqual({ ok: true, problems: [] });
    }
  });

  it('catches a changed roll, a swapped winner and a seed that does not match its hash', async () => {
    const battle = await honestBattle('standard');
    expect((await verifyInBrowser({ ...battle, challengerRoll: (battle.challengerRoll ?? 0) + 1 })).ok).toBe(false);
    const otherWinner = battle.winnerId === battle.challengerId ? battle.defenderId : battle.challengerId;
    expect((await verifyInBrowser({ ...battle, winnerId: otherWinner })).ok).toBe(false);
    const forged = await verifyInBrowser({ ...battle, seedHash: 'f'.repeat(64) });
    expect(forged.ok).toBe(false);
    expect(forged.problems[0]).toMatch(/does not match the published seed hash/);
  });

  it("catches a changed player's seed, and checks a battle of rule 1 without seeds", async () => {
    const battle = await honestBattle('championship');
    expect((await verifyInBrowser({ ...battle, defenderSeed: 'someone-else' })).ok).toBe(false);
    const seed = generateSeed();
    const old = makeCompletedBattle({ rollVersion: 1, challengerSeed: null, defenderSeed: null, challengerRarity: 'rare', defenderRarity: 'common' });
    const resolution = await resolveBattle({ seed, battleId: old.id, battleType: old.battleType, challengerRarity: 'rare', defenderRarity: 'common' });
    const winnerId = resolution.winner === 'challenger' ? old.challengerId : old.defenderId;
    const recorded = { ...old, seed, seedHash: await seedHashOf(seed), rounds: resolution.rounds, challengerRoll: resolution.challengerRoll, defenderRoll: resolution.defenderRoll, winnerId };
    expect(await verifyInBrowser(recorded)).toEqual({ ok: true, problems: [] });
  });

  it('refuses a battle whose seed is not revealed yet', async () => {
    const result = await verifyInBrowser(makeCompletedBattle({ status: 'accepted', seed: null }));
    expect(result.ok).toBe(false);
  });
});
