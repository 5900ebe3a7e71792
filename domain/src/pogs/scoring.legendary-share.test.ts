/**
 * The scoring step's rule that no recipe makes legendary POGs on demand (docs/rules.md, Rarity): a
 * creator's POG is legendary by its total only while their legendary POGs stay within the target
 * share of their scored POGs (the first always allowed), counted inside the scoring's transaction;
 * and a creator's own repeats of a colour pair or text count far more than other players'.
 */
import { eq } from 'drizzle-orm';
import type { PogId, UserId } from '@pog/common/schemas/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POG_FONTS } from '@pog/common/pogs/fonts';
import { pointsFor } from '@pog/common/pogs/rarity';
import type { DesignLook } from '@pog/common/pogs/design-match';
import type { Database } from '../db/client';
import { pogs } from '../db/schema';
import { openWithPlayers, randomTag, TEST_BACKENDS as backends } from '../testing/backends';
import { insertPog, insertPogs, storedDesign } from '../testing/pogs';
import { scorePogVersion } from './scoring';

const randomHash = () => Array.from({ length: 16 }, () => Math.floor(Math.random() * 16).toString(16)).join('');

/** Dark complementary pairs with white text: the best harmony there is. */
const PAIRS: readonly [string, string][] = [
  ['#1A237E', '#7E5A1A'],
  ['#4A148C', '#148C2C'],
  ['#004D40', '#4D0030'],
  ['#B71C1C', '#1C7AB7'],
  ['#0D47A1', '#A1670D'],
];

describe.each(backends)('legendary share on $name', ({ open, skip }) => {
  let database: Database;
  let players: UserId[];
  const now = new Date();
  const tag = randomTag();

  beforeAll(async () => {
    if (skip) return;
    ({ database, players } = await openWithPlayers(open, ['a', 'b', 'c', 'd', 'e'].map((n) => `share${n}_${tag}`)));
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  /** A design as a farmer of legendaries makes it: fresh words, a pleasing pair, a fresh detailed picture. */
  const perfect = (n: number): DesignLook => ({
    backgroundColor1: PAIRS[n % PAIRS.length]![0],
    backgroundColor2: PAIRS[n % PAIRS.length]![1],
    textColor: '#FFFFFF',
    textContent: `Legend ${tag} ${n} ${randomTag()}`,
    fontFamily: POG_FONTS[n % POG_FONTS.length]!,
  });

  /** A POG row as createPog stores it; `scored` makes it one its creator already had scored. */
  function row(design: DesignLook, player: number, options: { imageHash?: string | null; scored?: 'common' | 'legendary' } = {}) {
    const imageHash = options.imageHash === undefined ? randomHash() : options.imageHash;
    return {
      userId: players[player]!,
      creatorId: players[player]!,
      name: 'Share test',
      ...storedDesign(design, imageHash, 0.9),
      ...(options.scored ? { rarity: options.scored, scoredVersion: 1, scoredAt: now } : {}),
    };
  }
  async function insert(...args: Parameters<typeof row>): Promise<PogId> {
    return (await insertPog(database.db, row(...args))).id;
  }
  const score = async (id: PogId) => (await scorePogVersion(database.db, id, 1, now)).score!;
  const stored = async (id: PogId) => (await database.db.select().from(pogs).where(eq(pogs.id, id)))[0]!;

  it.skipIf(skip)("keeps a creator's first legendary and makes the next ones epic, with an epic's points", async () => {
    const first = await score(await insert(perfect(0), 0));
    expect(first.rarity).toBe('legendary');
    for (let n = 1; n <= 3; n += 1) {
      const id = await insert(perfect(n), 0);
      const next = await score(id);
      expect(next.total).toBeGreaterThanOrEqual(88);
      expect(next).toMatchObject({ rarity: 'epic', points: pointsFor(next.total, 'epic') });
      expect(await stored(id)).toMatchObject({ rarity: 'epic', points: next.points, maxTrades: 4 });
    }
    // Another creator's first is theirs.
    expect((await score(await insert(perfect(4), 1))).rarity).toBe('legendary');
  });

  it.skipIf(skip)('allows a second legendary once the creator has 100 scored POGs', async () => {
    const filler = { ...perfect(0), backgroundColor1: '#808080', backgroundColor2: '#A0A0A0' };
    await insert(perfect(0), 2, { scored: 'legendary' });
    await insertPogs(database.db, Array.from({ length: 97 }, (_, n) => row({ ...filler, textContent: `filler ${tag} ${n}` }, 2, { imageHash: null, scored: 'common' })));
    // 98 scored: this would be the 2nd legendary of 99.
    expect((await score(await insert(perfect(1), 2))).rarity).toBe('epic');
    // 99 scored now: the 2nd of 100 is within 2 %.
    expect((await score(await insert(perfect(2), 2))).rarity).toBe('legendary');
  });

  it.skipIf(skip)('lets only one of two scorings at once be the first legendary', async () => {
    const ids = [await insert(perfect(0), 3), await insert(perfect(1), 3)];
    const scores = await Promise.all(ids.map((id) => score(id)));
    expect(scores.map((s) => s.rarity).sort()).toEqual(['epic', 'legendary']);
    const rows = await Promise.all(ids.map(stored));
    expect(rows.filter((row) => row.rarity === 'legendary')).toHaveLength(1);
  });

  it.skipIf(skip)("counts a creator's own repeats of a colour pair far more than other players'", async () => {
    // Pale pink and mint: a pair no other test here uses.
    const design = { ...perfect(0), backgroundColor1: '#FFCDD2', backgroundColor2: '#CDFFF6', textColor: '#000000' };
    const words = (n: number) => ({ ...design, textContent: `pale ${tag} ${n}` });
    await insert(words(1), 4);
    await insert(words(2), 1);
    // Each of these two sees the same three POGs with the pair; one of them is its own creator's.
    const again = await insert(words(3), 4);
    const another = await insert(words(4), 0);
    const [byOwn, byOther] = [await score(again), await score(another)];
    expect(byOwn.uniqueness).toBeLessThan(0.9 * byOther.uniqueness);
  });
});
