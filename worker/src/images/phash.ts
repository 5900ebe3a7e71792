/**
 * A 64-bit perceptual hash (DCT pHash) for spotting the same picture again after resizing,
 * re-encoding or small edits. Comparing hashes and searching for near matches is pure arithmetic
 * shared with the server: see image-hash.ts in @pog/common.
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
