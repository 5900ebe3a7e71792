/**
 * The sized copies of a stored picture (IMAGE_VARIANT_WIDTHS in @pog/common): WebP, fitted inside
 * a square of that width, never enlarged. Made from the clean re-encoded original, so they carry
 * no metadata either.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_VARIANT_WIDTHS, imageVariantName, variantBaseName, type ImageVariantWidth } from '@pog/common';
import { fileSize } from '@pog/domain/uploads';

/** Small pictures tolerate a little less compression; the eye sees these at their own size. */
const VARIANT_QUALITY = 78;

export interface ImageVariant {
  width: ImageVariantWidth;
  buffer: Buffer;
}

export async function makeVariants(original: Buffer, widths: readonly ImageVariantWidth[] = IMAGE_VARIANT_WIDTHS): Promise<ImageVariant[]> {
  return Promise.all(
    widths.map(async (width) => ({
      width,
      buffer: await sharp(original)
        .resize(width, width, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: VARIANT_QUALITY, alphaQuality: 90 })
        .toBuffer(),
    })),
  );
}

/** Written aside, then renamed: a reader never sees half a file, and a failed write (a full disk) leaves none. */
export async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  const partial = `${file}.${randomBytes(4).toString('hex')}.part`;
  try {
    await writeFile(partial, bytes);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * Makes whichever variants of the stored `filename` are missing. Idempotent: running it again, or
 * after a crash half-way, writes only what is not there. Returns the widths it wrote.
 */
export async function ensureVariants(uploadDir: string, filename: string, original?: Buffer): Promise<ImageVariantWidth[]> {
  const missing: ImageVariantWidth[] = [];
  for (const width of IMAGE_VARIANT_WIDTHS) {
    const name = imageVariantName(filename, width);
    if (name === null) throw new Error(`Not a stored picture: ${filename}`);
    if ((await fileSize(path.join(uploadDir, name))) === null) missing.push(width);
  }
  if (missing.length === 0) return [];
  const variants = await makeVariants(original ?? (await readFile(path.join(uploadDir, filename))), missing);
  // Every write settles before a failure is reported, so that whoever cleans up after it finds them all.
  const writes = await Promise.allSettled(variants.map((v) => writeAtomically(path.join(uploadDir, imageVariantName(filename, v.width)!), v.buffer)));
  const failed = writes.find((w) => w.status === 'rejected');
  if (failed) throw failed.reason;
  return missing;
}

/**
 * Makes the missing variants of every stored picture in `uploadDir` (uploads older than the
 * variants, or a run interrupted half-way). Safe to run any number of times, beside a running app.
 */
export async function backfillVariants(uploadDir: string): Promise<{ pictures: number; written: number }> {
  let pictures = 0;
  let written = 0;
  for (const entry of await readdir(uploadDir, { withFileTypes: true })) {
    if (!entry.isFile() || variantBaseName(entry.name) !== null || imageVariantName(entry.name, IMAGE_VARIANT_WIDTHS[0]) === null) continue;
    pictures += 1;
    written += (await ensureVariants(uploadDir, entry.name)).length;
  }
  return { pictures, written };
}
