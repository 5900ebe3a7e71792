/**
 * A 64-bit perceptual hash (DCT pHash) for spotting the same picture again after resizing,
 * re-encoding or small edits, and the helpers the server needs to search for near matches.
 *
 * The hash: shrink to 32×32 greyscale, take the 2-D DCT, keep the 8×8 lowest frequencies, and set
 * one bit per coefficient that lies above the median of the 63 non-DC ones. The DC coefficient (the
 * average brightness) would always sit above that median, so its bit records instead whether the
 * picture is brighter than mid-grey, which is still stable and still tells pictures apart.
 */
import sharp, { type Sharp } from 'sharp';

export const HASH_INPUT_SIZE = 32;
const LOW_FREQUENCIES = 8;

/** cos((2x + 1) u π / 2N) for u < 8, x < 32, computed once. */
const COSINES: readonly Float64Array[] = Array.from({ length: LOW_FREQUENCIES }, (_, u) =>
  Float64Array.from({ length: HASH_INPUT_SIZE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * HASH_INPUT_SIZE))),
);

/** The 8×8 low-frequency DCT-II coefficients of a 32×32 greyscale image (row-major pixels). */
function lowFrequencyDct(pixels: Uint8Array): Float64Array {
  const size = HASH_INPUT_SIZE;
  // Separable: first along rows (32 rows × 8 frequencies), then along columns.
  const rows = new Float64Array(size * LOW_FREQUENCIES);
  for (let y = 0; y < size; y += 1) {
    for (let v = 0; v < LOW_FREQUENCIES; v += 1) {
      const cos = COSINES[v]!;
      let sum = 0;
      for (let x = 0; x < size; x += 1) sum += pixels[y * size + x]! * cos[x]!;
      rows[y * LOW_FREQUENCIES + v] = sum;
    }
  }
  const result = new Float64Array(LOW_FREQUENCIES * LOW_FREQUENCIES);
  for (let u = 0; u < LOW_FREQUENCIES; u += 1) {
    const cos = COSINES[u]!;
    for (let v = 0; v < LOW_FREQUENCIES; v += 1) {
      let sum = 0;
      for (let y = 0; y < size; y += 1) sum += rows[y * LOW_FREQUENCIES + v]! * cos[y]!;
      result[u * LOW_FREQUENCIES + v] = sum;
    }
  }
  return result;
}

/** The hash of 32×32 greyscale pixels (row-major, one byte each) as 16 hex digits. */
export function hashFromGreyscale(pixels: Uint8Array): string {
  if (pixels.length !== HASH_INPUT_SIZE * HASH_INPUT_SIZE) {
    throw new RangeError(`Expected ${HASH_INPUT_SIZE}×${HASH_INPUT_SIZE} greyscale pixels, got ${pixels.length} bytes`);
  }
  // Rounded so that float noise on a flat image cannot flip bits at random.
  const coefficients = Array.from(lowFrequencyDct(pixels), (c) => Math.round(c * 1000) / 1000);
  const ac = coefficients.slice(1).sort((a, b) => a - b);
  const median = (ac[31]! + ac[32]!) / 2;
  const meanBrightness = coefficients[0]! / HASH_INPUT_SIZE / HASH_INPUT_SIZE;
  let hash = 0n;
  coefficients.forEach((c, i) => {
    const bit = i === 0 ? meanBrightness > 127.5 : c > median;
    if (bit) hash |= 1n << BigInt(63 - i);
  });
  return hash.toString(16).padStart(16, '0');
}

/**
 * The perceptual hash of an image: encoded bytes in any format sharp reads, or a sharp pipeline
 * (which is cloned, not consumed). Transparency counts as white.
 */
export async function perceptualHash(image: Buffer | Sharp): Promise<string> {
  const pixels = await (Buffer.isBuffer(image) ? sharp(image) : image.clone())
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(HASH_INPUT_SIZE, HASH_INPUT_SIZE, { fit: 'fill' })
    .raw()
    .toBuffer();
  return hashFromGreyscale(pixels);
}

const HEX_HASH = /^[0-9a-f]{16}$/i;

function parseHash(hex: string): bigint {
  if (!HEX_HASH.test(hex)) throw new TypeError(`Not a 64-bit hex hash: ${JSON.stringify(hex)}`);
  return BigInt(`0x${hex}`);
}

/** Set bits in a 32-bit integer (SWAR popcount). */
function popcount32(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/**
 * Number of differing bits between two hashes, 0 (same) .. 64. Works on two 32-bit halves rather
 * than BigInt: the server compares one hash against many candidates.
 */
export function hammingDistance(hexA: string, hexB: string): number {
  if (!HEX_HASH.test(hexA) || !HEX_HASH.test(hexB)) {
    throw new TypeError(`Not a pair of 64-bit hex hashes: ${JSON.stringify([hexA, hexB])}`);
  }
  const half = (hex: string, start: number) => parseInt(hex.slice(start, start + 8), 16);
  return popcount32(half(hexA, 0) ^ half(hexB, 0)) + popcount32(half(hexA, 8) ^ half(hexB, 8));
}

/**
 * The four 16-bit chunks of a hash (most significant first), as integers 0..65535, for
 * multi-index hashing: the server stores them in four indexed columns and looks up candidates by
 * chunk instead of comparing against every hash.
 *
 * Why it finds every near match: two hashes at distance d differ in d bits spread over 4 chunks,
 * so at least one chunk differs in at most floor(d / 4) bits. For d ≤ 3 one chunk is identical
 * (exact lookups suffice); for the flag threshold 6 one chunk is within 1 bit, so the server
 * probes each chunk and its 16 one-bit neighbours (`hashChunkProbes(hex, 6)`), then computes the
 * exact distance for the candidates.
 */
export function hashChunks(hex: string): [number, number, number, number] {
  const value = parseHash(hex);
  const chunk = (index: number) => Number((value >> BigInt(48 - 16 * index)) & 0xffffn);
  return [chunk(0), chunk(1), chunk(2), chunk(3)];
}

/**
 * For each of the four chunks, every value within floor(maxDistance / 4) bits of it: a hash within
 * `maxDistance` of `hex` has at least one chunk among its position's values. Radius 1 gives 17
 * values per chunk.
 */
export function hashChunkProbes(hex: string, maxDistance: number): number[][] {
  const radius = Math.floor(Math.max(0, maxDistance) / 4);
  return hashChunks(hex).map((chunk) => {
    let values = [chunk];
    const seen = new Set(values);
    for (let step = 0; step < radius; step += 1) {
      const next: number[] = [];
      for (const value of values) {
        for (let bit = 0; bit < 16; bit += 1) {
          const flipped = value ^ (1 << bit);
          if (!seen.has(flipped)) {
            seen.add(flipped);
            next.push(flipped);
          }
        }
      }
      values = next;
    }
    return [...seen];
  });
}
