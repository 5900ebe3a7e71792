/**
 * Nearest image by perceptual hash without a full scan: multi-index hashing. The 64-bit hash is
 * split into four 16-bit chunks, each indexed. Two hashes within Hamming distance d share, in at
 * least one chunk position, chunks within floor(d / 4) bits of each other (pigeonhole). Probing
 * every chunk value within radius r of ours therefore finds every hash within 4(r + 1) - 1 bits;
 * exact distances are then computed on those few candidates.
 */
import { and, inArray, isNotNull, ne, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { pogs } from '../db/schema';

/** Chunk radius 2: every image within 11 bits is found exactly. */
export const CHUNK_RADIUS = 2;
export const EXACT_SEARCH_DISTANCE = 4 * (CHUNK_RADIUS + 1) - 1;

/** The four 16-bit chunks of a 16-hex-digit hash, most significant first. */
export function hashChunks(hex: string): [number, number, number, number] {
  if (!/^[0-9a-f]{16}$/i.test(hex)) throw new TypeError(`not a 64-bit hex hash: ${hex}`);
  return [0, 4, 8, 12].map((i) => parseInt(hex.slice(i, i + 4), 16)) as [number, number, number, number];
}

export function hammingDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (x) {
    count += Number(x & 1n);
    x >>= 1n;
  }
  return count;
}

/** Every 16-bit value within `radius` flipped bits of `value`. */
export function chunkNeighbours(value: number, radius: number): number[] {
  const out = [value];
  let frontier = [{ value, lowestBit: 16 }];
  for (let r = 0; r < radius; r++) {
    const next: typeof frontier = [];
    for (const { value: v, lowestBit } of frontier) {
      for (let bit = 0; bit < lowestBit; bit++) {
        const flipped = v ^ (1 << bit);
        out.push(flipped);
        next.push({ value: flipped, lowestBit: bit });
      }
    }
    frontier = next;
  }
  return out;
}

export interface SimilarImage {
  pogId: number;
  creatorId: number;
  distance: number;
}

/**
 * The POGs whose image is within EXACT_SEARCH_DISTANCE of `hash`, nearest first; a POG can be left
 * out (itself, when re-scoring).
 */
export async function findSimilarImages(db: Db | Tx, hash: string, excludePogId?: number): Promise<SimilarImage[]> {
  const [c0, c1, c2, c3] = hashChunks(hash);
  const probes: SQL[] = [
    inArray(pogs.hashC0, chunkNeighbours(c0, CHUNK_RADIUS)),
    inArray(pogs.hashC1, chunkNeighbours(c1, CHUNK_RADIUS)),
    inArray(pogs.hashC2, chunkNeighbours(c2, CHUNK_RADIUS)),
    inArray(pogs.hashC3, chunkNeighbours(c3, CHUNK_RADIUS)),
  ];
  const rows = await db
    .select({ id: pogs.id, creatorId: pogs.creatorId, imageHash: pogs.imageHash })
    .from(pogs)
    .where(and(isNotNull(pogs.imageHash), or(...probes), excludePogId === undefined ? undefined : ne(pogs.id, excludePogId)));
  return rows
    .map((r) => ({ pogId: r.id, creatorId: r.creatorId, distance: hammingDistance(hash, r.imageHash!) }))
    .filter((r) => r.distance <= EXACT_SEARCH_DISTANCE)
    .sort((a, b) => a.distance - b.distance || a.pogId - b.pogId);
}

export function chunkColumns(hash: string | null): { hashC0: number | null; hashC1: number | null; hashC2: number | null; hashC3: number | null } {
  if (!hash) return { hashC0: null, hashC1: null, hashC2: null, hashC3: null };
  const [hashC0, hashC1, hashC2, hashC3] = hashChunks(hash);
  return { hashC0, hashC1, hashC2, hashC3 };
}

