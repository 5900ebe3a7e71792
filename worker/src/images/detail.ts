/**
 * How much is going on in a picture, 0 (flat colour) .. 1 (dense texture): the "image detail"
 * ingredient of a POG's complexity score (decisions.md). Measured on a small greyscale copy so that
 * the same picture scores the same at any resolution.
 */
import sharp, { type Sharp } from 'sharp';

export const DETAIL_SAMPLE_SIZE = 64;
/** A brightness step (0..255) between neighbours that counts as an edge. */
const EDGE_STEP = 24;
/** Edge density at which the edge part of the score is full: real photos rarely pass it. */
const FULL_EDGE_DENSITY = 0.35;
const ENTROPY_WEIGHT = 0.4;

/** Shannon entropy of the brightness histogram, normalized to 0..1 (8 bits = 1). */
function normalizedEntropy(pixels: Uint8Array): number {
  const histogram = new Uint32Array(256);
  for (const value of pixels) histogram[value] = histogram[value]! + 1;
  let entropy = 0;
  for (const count of histogram) {
    if (count === 0) continue;
    const p = count / pixels.length;
    entropy -= p * Math.log2(p);
  }
  return entropy / 8;
}

/** Share of pixels whose right or lower neighbour differs by at least EDGE_STEP. */
function edgeDensity(pixels: Uint8Array, width: number, height: number): number {
  let edges = 0;
  let checked = 0;
  for (let y = 0; y < height - 1; y += 1) {
    for (let x = 0; x < width - 1; x += 1) {
      const here = pixels[y * width + x]!;
      const right = pixels[y * width + x + 1]!;
      const below = pixels[(y + 1) * width + x]!;
      if (Math.max(Math.abs(here - right), Math.abs(here - below)) >= EDGE_STEP) edges += 1;
      checked += 1;
    }
  }
  return checked === 0 ? 0 : edges / checked;
}

/** Detail of greyscale pixels (row-major, one byte each): entropy and edge density combined. */
export function detailFromGreyscale(pixels: Uint8Array, width: number, height: number): number {
  const edges = Math.min(1, edgeDensity(pixels, width, height) / FULL_EDGE_DENSITY);
  // Entropy alone would call a smooth gradient detailed; edges alone would call a soft photo flat.
  return ENTROPY_WEIGHT * normalizedEntropy(pixels) + (1 - ENTROPY_WEIGHT) * edges;
}

/** Detail of an image (encoded bytes or a sharp pipeline, which is cloned). Transparency counts as white. */
export async function imageDetail(image: Buffer | Sharp): Promise<number> {
  const pixels = await (Buffer.isBuffer(image) ? sharp(image) : image.clone())
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(DETAIL_SAMPLE_SIZE, DETAIL_SAMPLE_SIZE, { fit: 'fill' })
    .raw()
    .toBuffer();
  return detailFromGreyscale(pixels, DETAIL_SAMPLE_SIZE, DETAIL_SAMPLE_SIZE);
}
