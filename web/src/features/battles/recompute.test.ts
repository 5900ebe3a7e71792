import { describe, expect, it } from 'vitest';
import { asBattleId, asUserId, generateSeed, resolveBattle, seedHashOf, type BattleReveal } from '@pog/common';
import { recompute, rollInputOf } from './recompute';

async function revealed(): Promise<BattleReveal> {
  const seed = generateSeed();
  const base = {
    id: asBattleId(9),
    battleType: 'standard' as const,
    rollVersion: 2 as const,
    seed,
    seedHash: await seedHashOf(seed),
    challengerSeed: 'ringo-7',
    defenderSeed: 'rocky_8',
    challenger: { id: asUserId(1), username: 'ringo' },
    defender: { id: asUserId(2), username: 'rocky' },
    challengerRarity: 'epic' as const,
    defenderRarity: 'common' as const,
    completedAt: '2030-01-01T00:00:00.000Z',
  };
  const resolution = await resolveBattle(rollInputOf({ ...base, rounds: [], challengerRoll: 0, defenderRoll: 0, winner: 'challenger' }));
  return { ...base, ...resolution };
}

describe('recompute (the verify page)', () => {
  it('traces every roll of a genuine battle and confirms it', async () => {
    const reveal = await revealed();
    const { computedHash, trace, verdict } = await recompute(reveal);
    expect(verdict).toEqual({ ok: true, problems: [] });
    expect(computedHash).toBe(reveal.seedHash);
    expect(trace!.rolls.map((r) => r.draws.at(-1)!.roll)).toEqual(reveal.rounds.flatMap((r) => [r.challengerBase, r.defenderBase]));
    expect(trace!.rolls[0]!.draws[0]!.message).toBe('ringo-7:rocky_8:9:1:challenger:0');
  });

  it('reports a recorded roll that the revealed values do not give, and a seed that is not the committed one', async () => {
    const reveal = await revealed();
    expect((await recompute({ ...reveal, challengerRoll: reveal.challengerRoll + 1 })).verdict.ok).toBe(false);
    const other = await recompute({ ...reveal, seed: generateSeed() });
    expect(other.verdict.ok).toBe(false);
    expect(other.computedHash).not.toBe(reveal.seedHash);
  });
});
