import { describe, expect, it } from 'vitest';
import { generateClientSeed, generateSeed, resolveBattle, seedHashOf, seedRoller, webCryptoHmac } from '@pog/common/battles/rolls';
import type { BattleRollInput } from '@pog/common/battles/schemas';
import { RARITIES } from '@pog/common/constants';
import { nodeSeedHash } from './commands';
import { nodeHmac } from './resolve';

/** The reference vectors of battles/rolls.test.ts (computed outside the code under test). */
const SEED_A = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const SEED_B = '5eed00000000000000000000000000000000000000000000000000000000b0a7';

describe('the server settles battles with node:crypto HMAC', () => {
  it('draws the reference rolls, the rejected draw skipped', async () => {
    const a = await seedRoller(SEED_A, nodeHmac);
    expect(await a.baseRoll(1, 1, 'challenger')).toBe(80);
    expect(await a.baseRoll(1, 1, 'defender')).toBe(71);
    expect(await a.baseRoll(42, 3, 'defender')).toBe(70);
    expect(await a.baseRoll(Number.MAX_SAFE_INTEGER, 7, 'challenger')).toBe(35);
    const b = await seedRoller(SEED_B, nodeHmac);
    expect(await b.baseRoll(4391147, 1, 'defender')).toBe(35);
    expect(await b.baseRoll(4391147, 1, 'challenger')).toBe(62);
    const withSeeds = await seedRoller(SEED_A, nodeHmac, { challenger: 'alice-seed', defender: 'bob-seed' });
    expect(await withSeeds.baseRoll(1, 1, 'challenger')).toBe(3);
    expect(await withSeeds.baseRoll(1, 1, 'defender')).toBe(72);
  });

  it('resolves every kind of battle exactly as WebCrypto (the published verifier) does', async () => {
    const types = ['standard', 'championship', 'flip'] as const;
    for (let i = 0; i < 150; i++) {
      const input: BattleRollInput = {
        seed: generateSeed(),
        battleId: 1 + i * 7919,
        battleType: types[i % types.length]!,
        challengerRarity: RARITIES[i % RARITIES.length]!,
        defenderRarity: RARITIES[(i * 3) % RARITIES.length]!,
        // Every other one by rule 2, with both players' seeds.
        ...(i % 2 === 0 ? { rollVersion: 2 as const, challengerSeed: generateClientSeed(), defenderSeed: `d-${i}` } : {}),
      };
      expect(await resolveBattle(input, nodeHmac)).toEqual(await resolveBattle(input, webCryptoHmac));
    }
  });

  it('publishes the same seed hash as WebCrypto (the published verifier) computes', async () => {
    for (const seed of [SEED_A, SEED_B, ...Array.from({ length: 50 }, () => generateSeed())]) expect(nodeSeedHash(seed)).toBe(await seedHashOf(seed));
  });
});
