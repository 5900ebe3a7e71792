/**
 * Nearest images by perceptual hash without a full scan: multi-index hashing over the four indexed
 * 16-bit chunk columns (the arithmetic and its guarantee are in pogs/image-hash.ts). Every POG
 * whose image is within EXACT_SEARCH_DISTANCE bits is found, and nothing further is reported.
 */
import { and, isNotNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { EXACT_SEARCH_DISTANCE, hammingDistance, hashChunkProbes, hashChunks } from '@pog/common/pogs/image-hash';
import type { Db, Tx } from '../db/client';
import { pogs } from '../db/schema';
import type { PogId, UserId } from '@pog/common/schemas/ids';

export interface SimilarImage {
  pogId: PogId;
  creatorId: UserId;
  distance: number;
}

const chunkColumnsInOrder = [pogs.hashC0, pogs.hashC1, pogs.hashC2, pogs.hashC3] as const;

/**
 * The Hamming distance between a stored hash and `hash`, counted by PostgreSQL (bit_count, 14+) to
 * filter rows where they lie; the distances returned are still counted by hammingDistance, and
 * similarity.test.ts checks the two agree at the edge (11 bits found, 12 not).
 */
function sqlHammingDistance(hash: string): SQL<number> {
  return sql<number>`bit_count(('x' || ${pogs.imageHash})::bit(64) # ('x' || ${hash})::bit(64))`;
}

/**
 * The rows within EXACT_SEARCH_DISTANCE of `hash`. Each chunk column is probed with one array
 * parameter (`= any($1::int[])`, 137 values) rather than an IN list of 548 parameters, which costs
 * more to send and plan than the index scans themselves; and the distance is checked in SQL so the
 * few hundred chance candidates (about 800 at 100,000 images) never leave the database. Exposed so
 * it can be EXPLAINed.
 */
export function similarImagesQuery(db: Db | Tx, hash: string, excludePogId?: PogId) {
  const probes = hashChunkProbes(hash, EXACT_SEARCH_DISTANCE).map((values, index) => sql`${chunkColumnsInOrder[index]!} = any(${sql.param(values)}::int[])`);
  return db
    .select({ id: pogs.id, creatorId: pogs.creatorId, imageHash: pogs.imageHash })
    .from(pogs)
    .where(
      and(
        isNotNull(pogs.imageHash),
        or(...probes),
        lte(sqlHammingDistance(hash), EXACT_SEARCH_DISTANCE),
        excludePogId === undefined ? undefined : ne(pogs.id, excludePogId),
      ),
    );
}

/**
 * The POGs whose image is within EXACT_SEARCH_DISTANCE of `hash`, nearest first; a POG can be left
 * out (itself, when re-scoring).
 */
export async function findSimilarImages(db: Db | Tx, hash: string, excludePogId?: PogId): Promise<SimilarImage[]> {
  const rows = await similarImagesQuery(db, hash, excludePogId);
  return rows
    .map((r) => ({ pogId: r.id, creatorId: r.creatorId, distance: hammingDistance(hash, r.imageHash!) }))
    .sort((a, b) => a.distance - b.distance || a.pogId - b.pogId);
}

/** The chunk columns to store beside an image hash (all null without an image). */
export function chunkColumns(hash: string | null): { hashC0: number | null; hashC1: number | null; hashC2: number | null; hashC3: number | null } {
  if (!hash) return { hashC0: null, hashC1: null, hashC2: null, hashC3: null };
  const [hashC0, hashC1, hashC2, hashC3] = hashChunks(hash);
  return { hashC0, hashC1, hashC2, hashC3 };
}
