import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_BATTLE_ROUNDS,
  MAX_DRAWS_PER_ROLL,
  ROLL_ACCEPT_BELOW,
  baseRoll,
  clientSeedsOf,
  generateClientSeed,
  generateSeed,
  resolveBattle,
  rollFromDigest,
  rollMessage,
  seedHashOf,
  seedRoller,
  traceBattle,
  verifyBattle,
} from './rolls';
import { clientSeedSchema } from './schemas';
import type { BattleResolution, BattleVerifyInput } from './schemas';

/*
 * Every expected value below was computed once, outside this file, by a separate implementation of the
 * published rule written against node:crypto (createHash / createHmac), and pasted here as literals.
 * This file only uses WebCrypto, like the code under test, so a mistake shared by both is unlikely.
 */
const SEED_A = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const SEED_A_HASH = '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd';
/** Found by searching battle ids: its draw for battle 4391147, round 1, challenger, k = 0 is rejected. */
const SEED_B = '5eed00000000000000000000000000000000000000000000000000000000b0a7';
const SEED_B_HASH = '63007903e378f09dfc1672cf207dc36814635180e19745e829428ad9ab66ead3';
const REJECTED_BATTLE_ID = 4391147;
/** HMAC digests of "4391147:1:challenger:0" and ":1" under SEED_B. */
const REJECTED_DIGEST_K0 = 'ffffffa5a5a5718cf9d6d533f9da87c8239b096b3710dda32dc2057eb027e9a1';
const ACCEPTED_DIGEST_K1 = 'de13ef8dae8edd8dc23d8cf03a19b9935ef7dc7b889c532f044a6a32005c8761';

function hexBytes(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}

function digestStartingWith(first4: number): Uint8Array {
  const digest = new Uint8Array(32).fill(0xab);
  new DataView(digest.buffer).setUint32(0, first4, false);
  return digest;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('seeds and commitments', () => {
  it('generates 32 random bytes as 64 lower-case hex characters', () => {
    const first = generateSeed();
    const second = generateSeed();
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(second).toMatch(/^[0-9a-f]{64}$/);
    expect(first).not.toBe(second);
  });

  it('hashes the 32 seed bytes (not the hex text) with SHA-256', async () => {
    expect(await seedHashOf(SEED_A)).toBe(SEED_A_HASH);
    expect(await seedHashOf(SEED_B)).toBe(SEED_B_HASH);
  });

  it('refuses seeds that are not exactly 64 lower-case hex characters', async () => {
    for (const bad of [SEED_A.toUpperCase(), SEED_A.slice(1), `${SEED_A}0`, `${SEED_A.slice(2)}zz`, '']) {
      await expect(seedHashOf(bad)).rejects.toThrow(TypeError);
      await expect(baseRoll(bad, 1, 1, 'challenger')).rejects.toThrow(TypeError);
    }
  });
});

describe('base rolls', () => {
  it('match the reference vectors', async () => {
    expect(await baseRoll(SEED_A, 1, 1, 'challenger')).toBe(80);
    expect(await baseRoll(SEED_A, 1, 1, 'defender')).toBe(71);
    expect(await baseRoll(SEED_A, 42, 3, 'defender')).toBe(70);
    expect(await baseRoll(SEED_A, Number.MAX_SAFE_INTEGER, 7, 'challenger')).toBe(35);
    expect(await baseRoll(SEED_B, REJECTED_BATTLE_ID, 1, 'defender')).toBe(35);
  });

  it('skips a rejected draw and uses the next k', async () => {
    // k = 0 gives x = 0xffffffa5 = 4294967205, which would have been roll 6 without rejection.
    expect(rollFromDigest(hexBytes(REJECTED_DIGEST_K0))).toBeNull();
    // k = 1 gives x = 0xde13ef8d = 3725848461, so the roll is 1 + 61.
    expect(rollFromDigest(hexBytes(ACCEPTED_DIGEST_K1))).toBe(62);
    expect(await baseRoll(SEED_B, REJECTED_BATTLE_ID, 1, 'challenger')).toBe(62);
  });

  it('maps a digest to 1 + (x mod 100) below the rejection limit 4294967200', () => {
    expect(ROLL_ACCEPT_BELOW).toBe(4_294_967_200);
    expect(rollFromDigest(digestStartingWith(0))).toBe(1);
    expect(rollFromDigest(digestStartingWith(99))).toBe(100);
    expect(rollFromDigest(digestStartingWith(100))).toBe(1);
    expect(rollFromDigest(digestStartingWith(0x12345678))).toBe(1 + (0x12345678 % 100));
    expect(rollFromDigest(digestStartingWith(4_294_967_199))).toBe(100);
    expect(rollFromDigest(digestStartingWith(4_294_967_200))).toBeNull();
    expect(rollFromDigest(digestStartingWith(0xffffffff))).toBeNull();
  });

  it('reads the first 4 bytes of the view it is given, big-endian', () => {
    const backing = new Uint8Array(40).fill(0xff);
    backing.set([0x00, 0x00, 0x01, 0x2c], 8); // 300 -> roll 1
    expect(rollFromDigest(backing.subarray(8))).toBe(1);
    expect(() => rollFromDigest(new Uint8Array(3))).toThrow(RangeError);
  });

  it('refuses ids and round numbers that are not positive integers', async () => {
    for (const [id, round] of [[0, 1], [-3, 1], [1.5, 1], [Number.NaN, 1], [2 ** 53, 1], [1, 0], [1, 2.5]] as const) {
      await expect(baseRoll(SEED_A, id, round, 'challenger')).rejects.toThrow(RangeError);
    }
  });

  it('gives up after MAX_DRAWS_PER_ROLL rejected draws instead of looping forever', async () => {
    const sign = vi
      .spyOn(globalThis.crypto.subtle, 'sign')
      .mockImplementation(async () => digestStartingWith(0xffffffff).buffer as ArrayBuffer);
    await expect(baseRoll(SEED_A, 1, 1, 'challenger')).rejects.toThrow(/No acceptable draw/);
    expect(sign).toHaveBeenCalledTimes(MAX_DRAWS_PER_ROLL);
  });

  it('are uniform over 1..100 (chi-square, 100,000 rolls, p = 0.001)', async () => {
    const roller = await seedRoller(SEED_A);
    const counts = Array.from({ length: 101 }, () => 0);
    const total = 100_000;
    const batch = 2_000;
    for (let start = 1; start <= total; start += batch) {
      const ids = Array.from({ length: batch }, (_, i) => start + i);
      const rolls = await Promise.all(ids.map((id) => roller.baseRoll(id, 1, 'challenger')));
      for (const roll of rolls) counts[roll] = (counts[roll] ?? 0) + 1;
    }
    expect(counts[0]).toBe(0);
    expect(chiSquare(counts.slice(1), total)).toBeLessThan(CHI_SQUARE_99_DF_P001);
  }, 60_000);

  it('the uniformity check itself rejects a slightly biased distribution', () => {
    // Sanity check of the statistic: folding 5% of the draws onto the low half must fail.
    const counts = Array.from({ length: 100 }, (_, i) => (i < 50 ? 1_050 : 950));
    expect(chiSquare(counts, 100_000)).toBeGreaterThan(CHI_SQUARE_99_DF_P001);
  });
});

/** Upper critical value of the chi-square distribution with 99 degrees of freedom at p = 0.001. */
const CHI_SQUARE_99_DF_P001 = 148.23;

function chiSquare(observed: number[], total: number): number {
  const expected = total / observed.length;
  return observed.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}

describe('resolveBattle', () => {
  it('replays a tied standard round as the next round number', async () => {
    const result = await resolveBattle({
      seed: SEED_A,
      battleId: 85,
      battleType: 'standard',
      challengerRarity: 'common',
      defenderRarity: 'common',
    });
    expect(result).toEqual({
      rounds: [
        { round: 1, challengerBase: 62, challengerBonus: 0, defenderBase: 62, defenderBonus: 0 },
        { round: 2, challengerBase: 3, challengerBonus: 0, defenderBase: 32, defenderBonus: 0 },
      ],
      challengerRoll: 3,
      defenderRoll: 32,
      winner: 'defender',
    });
  });

  it('adds rarity bonuses in a standard battle, enough to turn a lower base roll into a win', async () => {
    const result = await resolveBattle({
      seed: SEED_A,
      battleId: 45,
      battleType: 'standard',
      challengerRarity: 'common',
      defenderRarity: 'legendary',
    });
    expect(result).toEqual({
      rounds: [{ round: 1, challengerBase: 15, challengerBonus: 0, defenderBase: 12, defenderBonus: 5 }],
      challengerRoll: 15,
      defenderRoll: 17,
      winner: 'defender',
    });
  });

  it('gives no bonus in a flip, so the same rolls go the other way', async () => {
    const result = await resolveBattle({
      seed: SEED_A,
      battleId: 45,
      battleType: 'flip',
      challengerRarity: 'common',
      defenderRarity: 'legendary',
    });
    expect(result).toEqual({
      rounds: [{ round: 1, challengerBase: 15, challengerBonus: 0, defenderBase: 12, defenderBonus: 0 }],
      challengerRoll: 15,
      defenderRoll: 12,
      winner: 'challenger',
    });
  });

  it('replays a tied flip too', async () => {
    const result = await resolveBattle({
      seed: SEED_A,
      battleId: 85,
      battleType: 'flip',
      challengerRarity: 'legendary',
      defenderRarity: 'common',
    });
    expect(result.rounds).toEqual([
      { round: 1, challengerBase: 62, challengerBonus: 0, defenderBase: 62, defenderBonus: 0 },
      { round: 2, challengerBase: 3, challengerBonus: 0, defenderBase: 32, defenderBonus: 0 },
    ]);
    expect(result.winner).toBe('defender');
  });

  it('plays a championship to two wins, replaying a tie on totals without counting it', async () => {
    const result = await resolveBattle({
      seed: SEED_A,
      battleId: 11,
      battleType: 'championship',
      challengerRarity: 'rare',
      defenderRarity: 'uncommon',
    });
    // Challenger wins round 1, round 2 ties on totals (75 + 2 = 76 + 1), defender wins rounds 3 and 4.
    expect(result).toEqual({
      rounds: [
        { round: 1, challengerBase: 24, challengerBonus: 2, defenderBase: 19, defenderBonus: 1 },
        { round: 2, challengerBase: 75, challengerBonus: 2, defenderBase: 76, defenderBonus: 1 },
        { round: 3, challengerBase: 12, challengerBonus: 2, defenderBase: 79, defenderBonus: 1 },
        { round: 4, challengerBase: 9, challengerBonus: 2, defenderBase: 77, defenderBonus: 1 },
      ],
      challengerRoll: 11,
      defenderRoll: 78,
      winner: 'defender',
    });
  });

  it('ends a championship as soon as one side has two wins', async () => {
    const result = await resolveBattle({
      seed: SEED_A,
      battleId: 4,
      battleType: 'championship',
      challengerRarity: 'epic',
      defenderRarity: 'common',
    });
    expect(result).toEqual({
      rounds: [
        { round: 1, challengerBase: 47, challengerBonus: 3, defenderBase: 58, defenderBonus: 0 },
        { round: 2, challengerBase: 52, challengerBonus: 3, defenderBase: 100, defenderBonus: 0 },
      ],
      challengerRoll: 55,
      defenderRoll: 100,
      winner: 'defender',
    });
  });

  it('uses the re-drawn roll when a draw is rejected', async () => {
    const result = await resolveBattle({
      seed: SEED_B,
      battleId: REJECTED_BATTLE_ID,
      battleType: 'standard',
      challengerRarity: 'uncommon',
      defenderRarity: 'epic',
    });
    expect(result).toEqual({
      rounds: [{ round: 1, challengerBase: 62, challengerBonus: 1, defenderBase: 35, defenderBonus: 3 }],
      challengerRoll: 63,
      defenderRoll: 38,
      winner: 'challenger',
    });
  });

  it(`stops after ${MAX_BATTLE_ROUNDS} rounds instead of looping forever`, async () => {
    // Every digest starts with x = 0, so every base roll is 1 and every round of equal rarities ties.
    vi.spyOn(globalThis.crypto.subtle, 'sign').mockImplementation(async () => new ArrayBuffer(32));
    await expect(
      resolveBattle({
        seed: SEED_A,
        battleId: 1,
        battleType: 'championship',
        challengerRarity: 'rare',
        defenderRarity: 'rare',
      }),
    ).rejects.toThrow(`not decided within ${MAX_BATTLE_ROUNDS} rounds`);
  });
});

describe('verifyBattle', () => {
  const championship = {
    seed: SEED_A,
    seedHash: SEED_A_HASH,
    battleId: 11,
    battleType: 'championship',
    challengerRarity: 'rare',
    defenderRarity: 'uncommon',
  } as const;

  async function genuine(): Promise<BattleVerifyInput> {
    const resolution: BattleResolution = await resolveBattle(championship);
    return { ...championship, ...resolution };
  }

  it('accepts a genuine battle', async () => {
    expect(await verifyBattle(await genuine())).toEqual({ ok: true, problems: [] });
  });

  it('rejects a tampered deciding roll', async () => {
    const claimed = { ...(await genuine()), challengerRoll: 79 };
    const result = await verifyBattle(claimed);
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual(["The challenger's roll should be 11, not 79."]);
  });

  it('rejects a tampered round and a tampered winner', async () => {
    const claimed = await genuine();
    claimed.rounds[2] = { ...claimed.rounds[2]!, challengerBase: 90 };
    claimed.winner = 'challenger';
    const result = await verifyBattle(claimed);
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      'Round 3: challengerBase should be 12, not 90.',
      'The winner should be the defender, not the challenger.',
    ]);
  });

  it('rejects a dropped round', async () => {
    const claimed = await genuine();
    claimed.rounds.splice(1, 1);
    const result = await verifyBattle(claimed);
    expect(result.ok).toBe(false);
    expect(result.problems[0]).toBe('The battle should have 4 round(s), not 3.');
  });

  it('rejects a tampered seed, which no longer matches its commitment', async () => {
    const claimed = { ...(await genuine()), seed: SEED_B };
    const result = await verifyBattle(claimed);
    expect(result.ok).toBe(false);
    expect(result.problems[0]).toBe(
      `The seed does not match the published seed hash: SHA-256 of the seed is ${SEED_B_HASH}.`,
    );
    expect(result.problems.length).toBeGreaterThan(1); // the rolls differ too
  });

  it('rejects a wrong seed hash even when the rolls are right', async () => {
    const claimed = { ...(await genuine()), seedHash: SEED_B_HASH };
    expect(await verifyBattle(claimed)).toEqual({
      ok: false,
      problems: [`The seed does not match the published seed hash: SHA-256 of the seed is ${SEED_A_HASH}.`],
    });
  });

  it('rejects a claimed rarity that changes the bonuses', async () => {
    const claimed = { ...(await genuine()), defenderRarity: 'legendary' as const };
    const result = await verifyBattle(claimed);
    expect(result.ok).toBe(false);
    expect(result.problems).toContain('Round 1: defenderBonus should be 5, not 1.');
  });

  it('reports malformed input instead of throwing', async () => {
    const result = await verifyBattle({ ...(await genuine()), seed: SEED_A.toUpperCase(), winner: 'nobody' });
    expect(result.ok).toBe(false);
    expect(result.problems).toHaveLength(2);
    expect(result.problems[0]).toMatch(/^seed: /);
    expect(result.problems[1]).toMatch(/^winner: /);
    expect((await verifyBattle(null)).ok).toBe(false);
  });
});

/*
 * Rule 2: the players' seeds in the message. The literals were computed outside this file with
 * node:crypto: createHmac('sha256', Buffer.from(SEED_A, 'hex')).update('<cs>:<ds>:<id>:<r>:<s>:<k>').
 */
describe("rule 2: the server seed and both players' seeds", () => {
  const seeds = { challenger: 'alice-seed', defender: 'bob-seed' };
  const rule2 = { seed: SEED_A, rollVersion: 2, challengerSeed: 'alice-seed', defenderSeed: 'bob-seed' } as const;

  it('signs "<challenger seed>:<defender seed>:<id>:<round>:<side>:<k>" with the 32 seed bytes as the key', async () => {
    expect(rollMessage(seeds, 1, 1, 'challenger', 0)).toBe('alice-seed:bob-seed:1:1:challenger:0');
    expect(rollMessage(null, 1, 1, 'challenger', 0)).toBe('1:1:challenger:0');
    const roller = await seedRoller(SEED_A, undefined, seeds);
    expect(await roller.baseRoll(1, 1, 'challenger')).toBe(3);
    expect(await roller.baseRoll(1, 1, 'defender')).toBe(72);
    expect(await roller.baseRoll(11, 2, 'challenger')).toBe(12);
    const other = await seedRoller(SEED_A, undefined, { challenger: '00112233445566778899aabbccddeeff', defender: 'ffeeddccbbaa99887766554433221100' });
    expect(await other.baseRoll(42, 3, 'defender')).toBe(32);
    expect(await (await seedRoller(SEED_A, undefined, { challenger: 'x', defender: 'y' })).baseRoll(7, 1, 'challenger')).toBe(54);
  });

  it('keeps every draw: message, digest, the number read and the roll', async () => {
    const [draw] = await (await seedRoller(SEED_A, undefined, seeds)).draws(1, 1, 'challenger');
    expect(draw).toEqual({
      k: 0,
      message: 'alice-seed:bob-seed:1:1:challenger:0',
      digestHex: 'aa46381afec873b48f5e6994f79a4561bc5718d4cac851c3f02da2b979fd25e8',
      x: 0xaa46381a,
      roll: 3,
    });
  });

  it('gives other rolls when keyed with the 64-character text instead of its 32 bytes', async () => {
    const textKey = await globalThis.crypto.subtle.importKey('raw', new TextEncoder().encode(SEED_A), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const digest = new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', textKey, new TextEncoder().encode('alice-seed:bob-seed:1:1:challenger:0')));
    expect(rollFromDigest(digest)).toBe(25);
    expect(await (await seedRoller(SEED_A, undefined, seeds)).baseRoll(1, 1, 'challenger')).toBe(3);
  });

  it('plays a championship out with the bonuses, and a standard battle', async () => {
    expect(await resolveBattle({ ...rule2, battleId: 11, battleType: 'championship', challengerRarity: 'rare', defenderRarity: 'uncommon' })).toEqual({
      rounds: [
        { round: 1, challengerBase: 80, challengerBonus: 2, defenderBase: 88, defenderBonus: 1 },
        { round: 2, challengerBase: 12, challengerBonus: 2, defenderBase: 81, defenderBonus: 1 },
      ],
      challengerRoll: 14,
      defenderRoll: 82,
      winner: 'defender',
    });
    expect(await resolveBattle({ ...rule2, battleId: 45, battleType: 'standard', challengerRarity: 'common', defenderRarity: 'legendary' })).toEqual({
      rounds: [{ round: 1, challengerBase: 79, challengerBonus: 0, defenderBase: 92, defenderBonus: 5 }],
      challengerRoll: 79,
      defenderRoll: 97,
      winner: 'defender',
    });
  });

  it('leaves rule 1 battles (no players\' seeds) rolling exactly as before', async () => {
    const old = { seed: SEED_A, battleId: 45, battleType: 'standard', challengerRarity: 'common', defenderRarity: 'legendary' } as const;
    const expected = { rounds: [{ round: 1, challengerBase: 15, challengerBonus: 0, defenderBase: 12, defenderBonus: 5 }], challengerRoll: 15, defenderRoll: 17, winner: 'defender' };
    expect(await resolveBattle(old)).toEqual(expected);
    expect(await resolveBattle({ ...old, rollVersion: 1, challengerSeed: null, defenderSeed: null })).toEqual(expected);
  });

  it('refuses a battle that does not carry exactly what its rule needs', () => {
    expect(() => clientSeedsOf({ rollVersion: 2, challengerSeed: 'a', defenderSeed: null })).toThrow(/needs both players' seeds/);
    expect(() => clientSeedsOf({ rollVersion: 1, challengerSeed: 'a', defenderSeed: 'b' })).toThrow(/has no players' seeds/);
    expect(() => clientSeedsOf({ rollVersion: 2, challengerSeed: 'a:b', defenderSeed: 'c' })).toThrow(TypeError);
    expect(clientSeedsOf({})).toBeNull();
  });

  it('traces the same rolls it resolves', async () => {
    const input = { ...rule2, battleId: 11, battleType: 'championship', challengerRarity: 'rare', defenderRarity: 'uncommon' } as const;
    const trace = await traceBattle(input);
    expect(trace.resolution).toEqual(await resolveBattle(input));
    expect(trace.rolls.map((r) => [r.round, r.side, r.draws.at(-1)!.roll])).toEqual([
      [1, 'challenger', 80],
      [1, 'defender', 88],
      [2, 'challenger', 12],
      [2, 'defender', 81],
    ]);
  });

  it("verifies a genuine battle and catches a changed player's seed or a missing one", async () => {
    const input = { ...rule2, battleId: 11, battleType: 'championship', challengerRarity: 'rare', defenderRarity: 'uncommon' } as const;
    const claimed = { ...input, seedHash: SEED_A_HASH, ...(await resolveBattle(input)) };
    expect(await verifyBattle(claimed)).toEqual({ ok: true, problems: [] });
    expect((await verifyBattle({ ...claimed, defenderSeed: 'bob-seed2' })).ok).toBe(false);
    const missing = await verifyBattle({ ...claimed, defenderSeed: null });
    expect(missing.problems).toEqual(["The battle could not be recomputed: A battle of rule 2 needs both players' seeds."]);
    expect((await verifyBattle({ ...claimed, rollVersion: 1, challengerSeed: null, defenderSeed: null })).ok).toBe(false);
  });

  it('accepts players\' seeds of 1 to 64 letters, digits, "-" or "_", and proposes 32 hex characters', () => {
    for (const good of ['a', 'Lucky_7-seed', 'x'.repeat(64), generateClientSeed()]) expect(clientSeedSchema.safeParse(good).success).toBe(true);
    for (const bad of ['', 'x'.repeat(65), 'a:b', 'with space', 'é', 42]) expect(clientSeedSchema.safeParse(bad).success).toBe(false);
    expect(generateClientSeed()).toMatch(/^[0-9a-f]{32}$/);
    expect(generateClientSeed()).not.toBe(generateClientSeed());
  });
});
