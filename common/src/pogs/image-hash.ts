/**
 * The arithmetic of 64-bit perceptual image hashes (16 hex digits), shared by the worker that
 * computes them and the server that searches for near matches. Pure and isomorphic: no Buffer, no
 * database, so the browser, the worker and the tests all count bits the same way.
 *
 * Near matches are found by multi-index hashing. A hash is split into four 16-bit chunks, each
 * stored in its own indexed column. Two hashes at Hamming distance d differ in d bits spread over
 * four chunks, so in at least one chunk position they differ in at most floor(d / 4) bits
 * (pigeonhole). Looking up, in every position, each chunk value within r bits of ours therefore
 * finds every hash within 4(r + 1) - 1 bits; the exact distance is then computed for those few
 * candidates.
 */

/** How many bits a probed chunk may differ from ours: 1 + 16 + 120 = 137 values per chunk. */
export const CHUNK_RADIUS = 2;

/**
 * Every stored hash within this many bits (11) is found, and nothing further is reported: beyond
 * it the server knows only that no similar image exists.
 */
export const EXACT_SEARCH_DISTANCE = 4 * (CHUNK_RADIUS + 1) - 1;

export type HashChunks = [number, number, number, number];

const HEX_HASH = /^[0-9a-f]{16}$/i;

function assertHash(hex: string): void {
  if (!HEX_HASH.test(hex)) throw new TypeError(`Not a 64-bit hex hash: ${JSON.stringify(hex)}`);
}

/** Set bits in a 32-bit integer (SWAR popcount). */
function popcount32(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/**
 * Number of differing bits between two hashes, 0 (same) .. 64. Works on two 32-bit halves rather
 * than BigInt because the server compares one hash against many candidates.
 */
export function hammingDistance(hexA: string, hexB: string): number {
  assertHash(hexA);
  assertHash(hexB);
  const half = (hex: string, start: number) => parseInt(hex.slice(start, start + 8), 16);
  return popcount32(half(hexA, 0) ^ half(hexB, 0)) + popcount32(half(hexA, 8) ^ half(hexB, 8));
}

/** The four 16-bit chunks of a hash, most significant first, as integers 0..65535. */
export function hashChunks(hex: string): HashChunks {
  assertHash(hex);
  const chunk = (index: number) => parseInt(hex.slice(4 * index, 4 * index + 4), 16);
  return [chunk(0), chunk(1), chunk(2), chunk(3)];
}

/**
 * Every 16-bit value within `radius` flipped bits of `value`, each once, `value` first. Flips are
 * made in decreasing bit order so no combination is generated twice.
 */
export function chunkNeighbours(value: number, radius: number): number[] {
  const out = [value];
  let frontier = [{ value, below: 16 }];
  for (let step = 0; step < radius; step += 1) {
    const next: typeof frontier = [];
    for (const { value: current, below } of frontier) {
      for (let bit = 0; bit < below; bit += 1) {
        const flipped = current ^ (1 << bit);
        out.push(flipped);
        next.push({ value: flipped, below: bit });
      }
    }
    frontier = next;
  }
  return out;
}

/** The chunk radius that guarantees finding every hash within `maxDistance` bits. */
export function chunkRadiusFor(maxDistance: number): number {
  return Math.floor(Math.max(0, maxDistance) / 4);
}

/**
 * For each of the four chunk positions, the values to look up so that every hash within
 * `maxDistance` bits of `hex` has its chunk among them in at least one position. The default is
 * the server's search (radius CHUNK_RADIUS, 137 values per position).
 */
export function hashChunkProbes(hex: string, maxDistance: number = EXACT_SEARCH_DISTANCE): number[][] {
  const radius = chunkRadiusFor(maxDistance);
  return hashChunks(hex).map((chunk) => chunkNeighbours(chunk, radius));
}
