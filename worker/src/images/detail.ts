/**
 * How much structure there is in a picture, 0 (flat colour) .. 1 (busy with shapes): the "image
 * detail" ingredient of a POG's complexity score (decisions.md). Measured on a small greyscale copy
 * so that the same picture scores the same at any resolution.
 *
 * Structure, not noise: random pixels have the most edges and the widest histogram of all, yet
 * nothing in them is drawn. So each part of the picture first estimates its own grain (the noise
 * level of its tile), and a brightness step counts as an edge only when it stands clear of that
 * grain; the tones are read on a copy averaged down further, where grain melts into flat grey while
 * shapes and the light of a photo keep their tones, and noisy tiles count for less there too.
 */
import sharp, { type Sharp } from 'sharp';

export const DETAIL_SAMPLE_SIZE = 64;
/** A brightness step (0..255) between neighbours that counts as an edge in a clean part of the picture. */
const EDGE_STEP = 24;
/** Edge density at which the edge part of the score is full: real photos rarely pass it. */
const FULL_EDGE_DENSITY = 0.35;
const ENTROPY_WEIGHT = 0.4;
/** Side (pixels of the copy measured) of the square tiles whose grain is estimated one by one. */
const NOISE_TILE = 8;
/** A step counts as an edge only when it is this many times the grain of its tile (noise: 4 sigma). */
const NOISE_MARGIN = 4;
/** Median absolute deviation / sigma for normally distributed noise. */
const MAD_PER_SIGMA = 0.6745;
/** The tones are read on a copy this many times smaller than the sample, in this many bands. */
const TONE_SCALE = 4;
const TONE_BANDS = 32;

/** `pixels` (size × size, row-major) averaged down by `factor` in each direction. */
function boxAverage(pixels: ArrayLike<number>, size: number, factor: number): Float64Array {
  const small = size / factor;
  const result = new Float64Array(small * small);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const i = Math.floor(y / factor) * small + Math.floor(x / factor);
      result[i] = result[i]! + pixels[y * size + x]! / (factor * factor);
    }
  }
  return result;
}

/**
 * The grain (noise sigma, brightness units) of each NOISE_TILE × NOISE_TILE tile, row-major: the
 * median of the diagonal differences (a - b - c + d) / 2 of its 2×2 blocks, the usual robust
 * estimate of noise. Flat areas and straight edges give 0 (a step along a row or a column cancels
 * out), random pixels their own spread.
 */
function grainPerTile(pixels: ArrayLike<number>, size: number): Float64Array {
  const tiles = size / NOISE_TILE;
  const grain = new Float64Array(tiles * tiles);
  const diagonals = new Float64Array((NOISE_TILE / 2) ** 2);
  for (let ty = 0; ty < tiles; ty += 1) {
    for (let tx = 0; tx < tiles; tx += 1) {
      let n = 0;
      for (let y = ty * NOISE_TILE; y < (ty + 1) * NOISE_TILE; y += 2) {
        for (let x = tx * NOISE_TILE; x < (tx + 1) * NOISE_TILE; x += 2) {
          const i = y * size + x;
          diagonals[n] = Math.abs(pixels[i]! - pixels[i + 1]! - pixels[i + size]! + pixels[i + size + 1]!) / 2;
          n += 1;
        }
      }
      diagonals.sort();
      const median = (diagonals[n / 2 - 1]! + diagonals[n / 2]!) / 2;
      grain[ty * tiles + tx] = median / MAD_PER_SIGMA;
    }
  }
  return grain;
}

/**
 * The step a pair of neighbours must differ by to be an edge, per tile of the sample: EDGE_STEP, or
 * NOISE_MARGIN times the tile's grain when that is more. The grain is estimated on the sample and
 * on a half-size copy (grain a few pixels wide looks smooth pixel by pixel), the larger counting.
 */
function edgeStepPerTile(pixels: Uint8Array, size: number): Float64Array {
  const fine = grainPerTile(pixels, size);
  const coarse = grainPerTile(boxAverage(pixels, size, 2), size / 2);
  const tiles = size / NOISE_TILE;
  return fine.map((grain, i) => {
    const coarseTile = Math.floor(Math.floor(i / tiles) / 2) * (tiles / 2) + Math.floor((i % tiles) / 2);
    return Math.max(EDGE_STEP, NOISE_MARGIN * Math.max(grain, coarse[coarseTile]!));
  });
}

/** Shannon entropy of values 0..255 in TONE_BANDS equal bands, normalized to 0..1. */
function toneEntropy(values: Float64Array): number {
  const histogram = new Uint32Array(TONE_BANDS);
  for (const value of values) {
    const band = Math.min(TONE_BANDS - 1, Math.floor((value / 256) * TONE_BANDS));
    histogram[band] = histogram[band]! + 1;
  }
  let entropy = 0;
  for (const count of histogram) {
    if (count === 0) continue;
    const p = count / values.length;
    entropy -= p * Math.log2(p);
  }
  return entropy / Math.log2(TONE_BANDS);
}

/**
 * Detail of a square greyscale sample (row-major, one byte a pixel, `size` a multiple of
 * 2 × NOISE_TILE): edge density and tonal entropy combined, both discounted for grain.
 */
export function detailFromGreyscale(pixels: Uint8Array, size: number): number {
  const steps = edgeStepPerTile(pixels, size);
  const tiles = size / NOISE_TILE;
  const stepAt = (x: number, y: number) => steps[Math.floor(y / NOISE_TILE) * tiles + Math.floor(x / NOISE_TILE)]!;
  let edges = 0;
  let checked = 0;
  for (let y = 0; y < size - 1; y += 1) {
    for (let x = 0; x < size - 1; x += 1) {
      const here = pixels[y * size + x]!;
      const step = Math.max(Math.abs(here - pixels[y * size + x + 1]!), Math.abs(here - pixels[(y + 1) * size + x]!));
      if (step >= stepAt(x, y)) edges += 1;
      checked += 1;
    }
  }
  // Tiles whose grain alone would pass for edges count for that much less in the tones.
  const clean = steps.reduce((sum, step) => sum + EDGE_STEP / step, 0) / steps.length;
  const tones = toneEntropy(boxAverage(pixels, size, TONE_SCALE)) * clean;
  const edgeScore = Math.min(1, edges / checked / FULL_EDGE_DENSITY);
  // Tones alone would call a smooth gradient detailed; edges alone would call a soft photo flat.
  return ENTROPY_WEIGHT * tones + (1 - ENTROPY_WEIGHT) * edgeScore;
}

/** Detail of an image (encoded bytes or a sharp pipeline, which is cloned). Transparency counts as white. */
export async function imageDetail(image: Buffer | Sharp): Promise<number> {
  const pixels = await (Buffer.isBuffer(image) ? sharp(image) : image.clone())
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(DETAIL_SAMPLE_SIZE, DETAIL_SAMPLE_SIZE, { fit: 'fill' })
    .raw()
    .toBuffer();
  return detailFromGreyscale(pixels, DETAIL_SAMPLE_SIZE);
}
