/**
 * Both players' seeds on both databases: the challenger's given with the challenge, the defender's
 * with the accept, each stored and public once given, the server's seed hidden until the end, and
 * the rolls made by rule 2 (checked against an implementation of the published rule written here
 * with node:crypto alone). A battle made before players gave seeds (rule 1) still completes and
 * verifies with the rule it was created under.
 */
import { createHash, createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSeed, verifyBattle } from '@pog/common/battles/rolls';
import type { BattleResolution, BattleRound } from '@pog/common/battles/schemas';
import { BATTLE_BONUS, type BattleType, type Rarity } from '@pog/common/constants';
import type { BattleId, PogId, UserId } from '@pog/common/schemas/ids';
import type { Database } from '../db/client';
import { battles } from '../db/schema';
import { openWithPlayers, randomTag, TEST_BACKENDS } from '../testing/backends';
import { insertPog } from '../testing/pogs';
import { acceptBattle, createBattle } from './commands';
import { findBattleRow } from './repository';
import { completeBattles, rollInput } from './resolve';

const now = new Date('2031-06-01T12:00:00Z');
const HOUR = 3_600_000;

/** The published rule, written again from docs/rules.md with node:crypto only. */
function referenceBattle(seedHex: string, battleType: BattleType, rarities: [Rarity, Rarity], message: (round: number, side: string, k: number) => string): BattleResolution {
  const key = Buffer.from(seedHex, 'hex');
  const roll = (round: number, side: string) => {
    for (let k = 0; ; k++) {
      const x = createHmac('sha256', key).update(message(round, side, k), 'utf8').digest().readUInt32BE(0);
      if (x < 4294967200) return 1 + (x % 100);
    }
  };
  const [challengerBonus, defenderBonus] = battleType === 'flip' ? [0, 0] : rarities.map((r) => BATTLE_BONUS[r]) as [number, number];
  const rounds: BattleRound[] = [];
  const wins = { challenger: 0, defender: 0 };
  for (let round = 1; ; round++) {
    const challengerBase = roll(round, 'challenger');
    const defenderBase = roll(round, 'defender');
    rounds.push({ round, challengerBase, challengerBonus, defenderBase, defenderBonus });
    const [c, d] = [challengerBase + challengerBonus, defenderBase + defenderBonus];
    if (c === d) continue;
    const winner = c > d ? 'challenger' : 'defender';
    if (++wins[winner] === (battleType === 'championship' ? 2 : 1)) return { rounds, challengerRoll: c, defenderRoll: d, winner };
  }
}

describe.each(TEST_BACKENDS)("players' seeds on $name", ({ open, skip }) => {
  let database: Database;
  let a: UserId;
  let b: UserId;
  const tag = randomTag();

  beforeAll(async () => {
    if (skip) return;
    const opened = await openWithPlayers(open, [`seeda${tag}`, `seedb${tag}`]);
    database = opened.database;
    [a, b] = opened.players as [UserId, UserId];
  }, 60_000);
  afterAll(async () => {
    if (!skip) await database.close();
  });

  async function pogOf(userId: UserId, rarity: Rarity): Promise<PogId> {
    return (await insertPog(database.db, { userId, creatorId: userId, name: `P${tag}`, rarity, maxTrades: 15, tradesRemaining: 15 })).id;
  }

  it.skipIf(skip)('stores each seed as it is given, hides the server seed until the end, and rolls by rule 2', async () => {
    const [aPog, bPog] = [await pogOf(a, 'rare'), await pogOf(b, 'epic')];
    const created = await createBattle(database.db, a, { challengerId: a, defenderId: b, challengerPogId: aPog, battleType: 'championship', challengerSeed: 'alice-Lucky_7' }, now);
    expect(created).toMatchObject({ rollVersion: 2, challengerSeed: 'alice-Lucky_7', defenderSeed: null, seed: null });
    const row = (await findBattleRow(database.db, created.id))!;
    expect(createHash('sha256').update(Buffer.from(row.seed, 'hex')).digest('hex')).toBe(created.seedHash);

    const accepted = await acceptBattle(database.db, created.id, b, bPog, now, { defenderSeed: 'bob-42' });
    expect(accepted).toMatchObject({ status: 'accepted', rollVersion: 2, challengerSeed: 'alice-Lucky_7', defenderSeed: 'bob-42', seed: null, seedHash: created.seedHash });

    const [result] = await completeBattles(database.db, [{ battleId: created.id, actorId: a }], now);
    const done = result!.ok ? result!.value.battle : expect.unreachable(String(result!.ok || result!.error));
    expect(done.seed).toBe(row.seed);
    const expected = referenceBattle(row.seed, 'championship', ['rare', 'epic'], (round, side, k) => `alice-Lucky_7:bob-42:${created.id}:${round}:${side}:${k}`);
    expect({ rounds: done.rounds, challengerRoll: done.challengerRoll, defenderRoll: done.defenderRoll }).toEqual({
      rounds: expected.rounds,
      challengerRoll: expected.challengerRoll,
      defenderRoll: expected.defenderRoll,
    });
    expect(done.winnerId).toBe(expected.winner === 'challenger' ? a : b);
  });

  it.skipIf(skip)('draws a seed for a player whose client sends none', async () => {
    const [aPog, bPog] = [await pogOf(a, 'common'), await pogOf(b, 'common')];
    const created = await createBattle(database.db, a, { challengerId: a, defenderId: b, challengerPogId: aPog, battleType: 'standard' }, now);
    expect(created.challengerSeed).toMatch(/^[0-9a-f]{32}$/);
    const accepted = await acceptBattle(database.db, created.id, b, bPog, now);
    expect(accepted.defenderSeed).toMatch(/^[0-9a-f]{32}$/);
    const [result] = await completeBattles(database.db, [{ battleId: created.id, actorId: b }], now);
    expect(result!.ok).toBe(true);
  });

  it.skipIf(skip)('completes and verifies a battle of rule 1, made before players gave seeds, with the old rule', async () => {
    const [aPog, bPog] = [await pogOf(a, 'legendary'), await pogOf(b, 'uncommon')];
    const seed = generateSeed();
    const seedHash = createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex');
    // As the migration left it: no roll_version given (the column's default, 1) and no seeds.
    const [old] = await database.db
      .insert(battles)
      .values({ status: 'accepted', battleType: 'standard', challengerId: a, defenderId: b, challengerPogId: aPog, defenderPogId: bPog, challengerRarity: 'legendary', defenderRarity: 'uncommon', seed, seedHash, expiresAt: new Date(now.getTime() + HOUR) })
      .returning();
    expect(old).toMatchObject({ rollVersion: 1, challengerSeed: null, defenderSeed: null });

    const [result] = await completeBattles(database.db, [{ battleId: old!.id as BattleId, actorId: a }], now);
    const done = result!.ok ? result!.value.battle : expect.unreachable('the old battle did not complete');
    expect(done).toMatchObject({ rollVersion: 1, challengerSeed: null, defenderSeed: null });
    const expected = referenceBattle(seed, 'standard', ['legendary', 'uncommon'], (round, side, k) => `${old!.id}:${round}:${side}:${k}`);
    expect(done.rounds).toEqual(expected.rounds);
    const row = (await findBattleRow(database.db, old!.id))!;
    expect(await verifyBattle({ ...rollInput(row), seedHash, rounds: row.rounds, challengerRoll: row.challengerRoll, defenderRoll: row.defenderRoll, winner: expected.winner })).toEqual({ ok: true, problems: [] });
  });

  it.skipIf(skip)("refuses rows whose seeds do not fit their rule", async () => {
    const [aPog, bPog] = [await pogOf(a, 'common'), await pogOf(b, 'common')];
    const seed = generateSeed();
    const base = { battleType: 'standard' as const, challengerId: a, defenderId: b, challengerPogId: aPog, seed, seedHash: seed, expiresAt: new Date(now.getTime() + HOUR) };
    const accepted = { ...base, status: 'accepted' as const, defenderPogId: bPog, challengerRarity: 'common' as const, defenderRarity: 'common' as const };
    const insert = (values: typeof battles.$inferInsert) => database.db.insert(battles).values(values).returning({ id: battles.id });
    await expect(insert({ ...accepted, rollVersion: 2, challengerSeed: 'a' })).rejects.toThrow();
    await expect(insert({ ...base, rollVersion: 1, challengerSeed: 'a' })).rejects.toThrow();
    await expect(insert({ ...base, rollVersion: 2 })).rejects.toThrow();
    await expect(insert({ ...base, rollVersion: 2, challengerSeed: 'a:b' })).rejects.toThrow();
    await expect(insert({ ...base, rollVersion: 3, challengerSeed: 'a' } as never)).rejects.toThrow();
    // What the command writes is allowed: a pending rule 2 battle without the defender's seed yet.
    const [ok] = await insert({ ...base, rollVersion: 2, challengerSeed: 'a' });
    await database.db.update(battles).set({ status: 'cancelled' }).where(eq(battles.id, ok!.id));
  });
});
