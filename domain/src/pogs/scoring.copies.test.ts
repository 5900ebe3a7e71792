/**
 * The copy rule as the server applies it (decisions.md, Rarity and points: "A copy of an existing
 * design, or an unchanged template, scores common"): uniquenessInput finds the copy in the
 * database, scorePog makes it common.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PogId, UserId } from '@pog/common/schemas/ids';
import type { DesignLook } from '@pog/common/pogs/design-match';
import { POG_TEMPLATES } from '@pog/common/pogs/templates';
import type { Database } from '../db/client';
import { migrate } from '../db/migrate';
import { users } from '../db/schema';
import { TEST_BACKENDS as backends, randomTag } from '../testing/backends';
import { insertPog, storedDesign } from '../testing/pogs';
import { scorePogVersion } from './scoring';

/** Unique per run, so a shared PostgreSQL database holds no design or image of ours already. */
const run = randomTag();
const randomHash = () => Array.from({ length: 16 }, () => Math.floor(Math.random() * 16).toString(16)).join('');

describe.each(backends)('scoring copies on $name', ({ open, skip }) => {
  let database: Database;
  let players: UserId[];
  const now = new Date();

  beforeAll(async () => {
    if (skip) return;
    database = await open();
    await migrate(database);
    const rows = await database.db
      .insert(users)
      .values([1, 2].map((n) => ({ username: `copier${n}_${run}`, displayName: `Copier ${n}`, passwordHash: 'x' })))
      .returning({ id: users.id });
    players = rows.map((row) => row.id);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  /** Inserts a POG as createPog would store it (design keys and hash chunks included), counted as held. */
  async function insert(design: DesignLook, player = 0, imageHash: string | null = null): Promise<PogId> {
    const row = await insertPog(database.db, {
      userId: players[player]!,
      creatorId: players[player]!,
      name: 'Copy test',
      ...storedDesign(design, imageHash, 0.8),
    });
    return row.id;
  }
  const score = async (id: PogId) => (await scorePogVersion(database.db, id, 1, now)).score!;

  /** A design of this run's own: colours and words no other test uses. */
  const original = (): DesignLook => ({
    backgroundColor1: '#E53935',
    backgroundColor2: '#35DFE5',
    textColor: '#000000',
    textContent: `Thunder ${run} ${randomTag()}`,
    fontFamily: 'Orbitron',
  });

  it.skipIf(skip)('scores an unchanged template common: Minimalist White scored epic', async () => {
    const t = POG_TEMPLATES.find((template) => template.id === 'minimalist-white')!;
    const design = { backgroundColor1: t.backgroundColor1, backgroundColor2: t.backgroundColor2, textColor: t.textColor, textContent: t.textContent, fontFamily: t.fontFamily };
    expect(await score(await insert(design))).toMatchObject({ rarity: 'common', uniqueness: 0, complexity: 0 });
  });

  it.skipIf(skip)('scores a copy of a scored design common, and a changed one by the usual rules', async () => {
    const design = original();
    const first = await score(await insert(design, 0));
    expect(first.rarity).not.toBe('common');
    // Case and punctuation are no change.
    const copy = await score(await insert({ ...design, textContent: `${design.textContent.toUpperCase()}!` }, 1));
    expect(copy).toMatchObject({ rarity: 'common', uniqueness: 0, complexity: 0 });
    const changed = await score(await insert({ ...design, fontFamily: 'Lobster' }, 1));
    expect(changed.uniqueness).toBeGreaterThan(0);
  });

  it.skipIf(skip)('leaves the first of two identical designs its rarity when it is scored first', async () => {
    const design = original();
    const firstId = await insert(design, 0);
    const secondId = await insert(design, 1);
    expect((await score(firstId)).rarity).not.toBe('common');
    expect(await score(secondId)).toMatchObject({ rarity: 'common', uniqueness: 0 });
  });

  it.skipIf(skip)('scores the same look with the same picture common, with another picture not', async () => {
    const design = original();
    const hash = randomHash();
    const sameish = (parseInt(hash.slice(-1), 16) ^ 0b11).toString(16); // 2 bits away: a re-upload
    expect((await score(await insert(design, 0, hash))).rarity).not.toBe('common');
    const copy = await score(await insert(design, 1, hash.slice(0, -1) + sameish));
    expect(copy).toMatchObject({ rarity: 'common', uniqueness: 0, complexity: 0 });
    const otherPicture = await score(await insert(design, 1, randomHash()));
    expect(otherPicture.uniqueness).toBeGreaterThan(0);
    // The same picture on a look of its own is no copy of the design (its image is still unoriginal).
    const otherLook = await score(await insert({ ...design, textColor: '#FFFFFF' }, 1, hash));
    expect(otherLook.uniqueness).toBe(0);
    expect(otherLook.complexity).toBeGreaterThan(0);
  });
});
