/**
 * decisions.md, Rarity and points: designs as players make them must land within 5 points of
 * 50 / 25 / 15 / 8 / 2 percent common to legendary. The corpus is ../testing/player-corpus.ts (240 POGs by 70
 * players, a fixed seed, real pictures through the upload pipeline), scored the way the server scores
 * it: each POG stored as createPog stores it and scored by the worker's own scorePogVersion, one
 * after another, each against the POGs before it, in a database of the test's own (the counts the
 * scorer reads are over every POG, so no other test's POGs may be there). The in-memory mirror the
 * constants were tuned with (DesignArrivals) must agree with it POG for POG.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colourPairKey, designTextKey, RARITIES, type PogScore } from '@pog/common';
import { openDatabase, tables, type Database } from '@pog/domain/db';
import { chunkColumns, scorePogVersion } from '@pog/domain/pogs';
import { pgliteTemplateBlob } from '@pog/domain/testing/pglite-template';
import { DesignArrivals, describeScores, rarityShares, sharesOffTarget } from '../../../common/src/pogs/corpus';
import { CORPUS_KINDS, playerCorpus, type PlayerCorpusEntry } from '../testing/player-corpus';
import type { UserId } from '@pog/common/schemas/ids';

const TOLERANCE = 0.05;

describe('rarity distribution of designs as players make them', () => {
  let database: Database;
  let corpus: PlayerCorpusEntry[];
  const scores: PogScore[] = [];

  beforeAll(async () => {
    [database, corpus] = await Promise.all([openDatabase({ pgliteDir: 'memory://', pgliteTemplate: await pgliteTemplateBlob() }), playerCorpus()]);
    const creators = [...new Set(corpus.map(({ design }) => design.creator!))];
    const rows = await database.db
      .insert(tables.users)
      .values(creators.map((name) => ({ username: name, displayName: name, passwordHash: 'x' })))
      .returning({ id: tables.users.id, username: tables.users.username });
    const ids = new Map(rows.map((row) => [row.username, row.id as UserId]));
    const now = new Date('2030-06-01T00:00:00Z');
    for (const { design } of corpus) {
      const creator = ids.get(design.creator!)!;
      const imageHash = design.image?.hash ?? null;
      const [row] = await database.db
        .insert(tables.pogs)
        .values({
          userId: creator,
          creatorId: creator,
          name: 'Corpus POG',
          backgroundColor1: design.backgroundColor1,
          backgroundColor2: design.backgroundColor2,
          textColor: design.textColor,
          textContent: design.textContent,
          fontFamily: design.fontFamily,
          colourPairKey: colourPairKey(design.backgroundColor1, design.backgroundColor2),
          textKey: designTextKey(design.textContent),
          imageHash,
          imageDetail: design.image?.detail ?? null,
          ...chunkColumns(imageHash),
          maxTrades: 15,
          tradesRemaining: 15,
        })
        .returning({ id: tables.pogs.id });
      const outcome = await scorePogVersion(database.db, row!.id, 1, now);
      scores.push(outcome.score!);
    }
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  it('lands within 5 points of 50/25/15/8/2 percent', () => {
    console.info(describeScores(`player corpus (${corpus.length} POGs)`, scores));
    for (const kind of CORPUS_KINDS) {
      const ofKind = scores.filter((_, index) => corpus[index]!.kind === kind);
      console.info(`  ${kind}: ${ofKind.length} POGs, ${RARITIES.map((rarity) => ofKind.filter((score) => score.rarity === rarity).length).join(' / ')}`);
    }
    expect(corpus.length).toBeGreaterThanOrEqual(200);
    expect(sharesOffTarget(rarityShares(scores), TOLERANCE)).toEqual([]);
  });

  it('is scored by the in-memory mirror the constants are tuned with exactly as by the server', () => {
    const arrivals = new DesignArrivals();
    expect(corpus.map(({ design }) => arrivals.score(design))).toEqual(scores);
  });

  it('scores every unchanged template and every copy common', () => {
    const copies = scores.filter((_, index) => ['unchanged-template', 'copy'].includes(corpus[index]!.kind));
    expect(copies.length).toBeGreaterThan(5);
    expect(copies.every((score) => score.rarity === 'common')).toBe(true);
  });

  it('keeps a template with other words below rare, and one or two words without a picture below epic', () => {
    const rank = (score: PogScore) => RARITIES.indexOf(score.rarity);
    const ofKinds = (...kinds: string[]) => scores.filter((_, index) => kinds.includes(corpus[index]!.kind));
    expect(ofKinds('template-words').filter((score) => rank(score) >= RARITIES.indexOf('rare'))).toEqual([]);
    const worded = ofKinds('random-colours', 'harmonious-colours', 'default-words', 'preset-words');
    expect(worded.filter((score) => rank(score) >= RARITIES.indexOf('epic')).length / worded.length).toBeLessThanOrEqual(0.02);
  });
});
