/**
 * The upload pipeline: every picture a player sends is checked, decoded and re-encoded here before
 * it is stored, so what we serve is always a clean, small, metadata-free image of a known type.
 * It also measures what the rarity score needs: a perceptual hash and a detail figure.
 */
import sharp from 'sharp';
import { AppError, UPLOAD } from '@pog/common';
import { imageDetail } from './detail';
import { perceptualHash } from './phash';
import { sniffImageType } from './sniff';

export const INVALID_TYPE_MESSAGE = 'Please select a valid image file (JPEG, PNG, GIF, or WEBP)';
export const TOO_MANY_PIXELS_MESSAGE = `Image is too large: at most ${UPLOAD.maxPixels / 1_000_000} megapixels`;
export const DAMAGED_MESSAGE = 'The image file is damaged or incomplete';

/** Output quality for lossy encodings (the client's crop also encodes at 0.85). */
const QUALITY = Math.round(UPLOAD.jpegQuality * 100);

export type ProcessedFormat = 'jpeg' | 'webp';

export interface ProcessedImage {
  buffer: Buffer;
  /** JPEG for opaque pictures; WEBP (lossy, alpha kept) when the picture has transparency. */
  format: ProcessedFormat;
  /** File extension to store it under. */
  extension: 'jpg' | 'webp';
  width: number;
  height: number;
  /** 64-bit perceptual hash, 16 hex digits. */
  hash: string;
  /** 0..1, see detail.ts. */
  detail: number;
}

export { assertUploadSize } from './upload-size';

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/** Reads only the header: dimensions are known before a single pixel is decoded. */
async function readDimensions(input: Buffer): Promise<{ width: number; height: number }> {
  try {
    const { width, height } = await sharp(input, { limitInputPixels: false }).metadata();
    if (!width || !height) throw new Error('no dimensions');
    return { width, height };
  } catch {
    throw new AppError('VALIDATION_ERROR', DAMAGED_MESSAGE);
  }
}

/** Decodes (first frame only), turns upright and shrinks to fit UPLOAD.maxSide: raw 8-bit pixels. */
async function decode(input: Buffer) {
  try {
    return await sharp(input, { limitInputPixels: UPLOAD.maxPixels, failOn: 'error', autoOrient: true, pages: 1 })
      .resize(UPLOAD.maxSide, UPLOAD.maxSide, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (isPixelLimitError(error)) throw new AppError('VALIDATION_ERROR', TOO_MANY_PIXELS_MESSAGE);
    throw new AppError('VALIDATION_ERROR', DAMAGED_MESSAGE);
  }
}

/** True when some pixel is not fully opaque (alpha is the last of `channels`). */
function hasTransparency(pixels: Buffer, channels: number): boolean {
  if (channels !== 2 && channels !== 4) return false;
  for (let i = channels - 1; i < pixels.length; i += channels) {
    if (pixels[i] !== 255) return true;
  }
  return false;
}

/**
 * Validates and re-encodes an uploaded image. Throws an AppError (VALIDATION_ERROR) with a message
 * for the player when the bytes are not a JPEG/PNG/GIF/WEBP, have more than UPLOAD.maxPixels
 * pixels, or cannot be decoded. Metadata (EXIF, GPS, ICC) is dropped: the output carries pixels only.
 */
export async function processUpload(input: Buffer): Promise<ProcessedImage> {
  if (sniffImageType(input) === null) throw new AppError('VALIDATION_ERROR', INVALID_TYPE_MESSAGE);

  const { width, height } = await readDimensions(input);
  if (width * height > UPLOAD.maxPixels) throw new AppError('VALIDATION_ERROR', TOO_MANY_PIXELS_MESSAGE);

  const { data, info } = await decode(input);
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const transparent = hasTransparency(data, info.channels);

  const pixels = sharp(data, raw);
  const [buffer, hash, detail] = await Promise.all([
    transparent
      ? pixels.clone().webp({ quality: QUALITY, alphaQuality: 100 }).toBuffer()
      : pixels.clone().removeAlpha().jpeg({ quality: QUALITY }).toBuffer(),
    // Measured on the decoded pixels rather than the re-encoded file: same picture, one decode fewer.
    perceptualHash(pixels),
    imageDetail(pixels),
  ]);
  return {
    buffer,
    format: transparent ? 'webp' : 'jpeg',
    extension: transparent ? 'webp' : 'jpg',
    width: info.width,
    height: info.height,
    hash,
    detail,
  };
}
