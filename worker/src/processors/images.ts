/**
 * Uploaded images: the gateway parks the raw bytes in `<uploads>/incoming/<id>`; this job checks
 * and re-encodes them (worker/src/images), writes `<uploads>/<id>.<ext>` with its sized copies
 * `<uploads>/<id>-128|256|512.webp` (images/variants.ts) and records the upload (domain/src/uploads/records.ts).
 * Idempotent: a retry after the file was stored returns the stored result. A try that fails after
 * writing some of the files removes them (a full disk is answered as StorageFullError, for good);
 * the parked bytes stay for a retry until the gateway, which waits for the outcome, removes them.
 *
 * `uploads.sweep` (hourly) deletes pictures no POG has used (domain/src/uploads/sweep.ts).
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { AppError, UPLOADS_PREFIX } from '@pog/common';
import { findStoredUpload, INCOMING_DIR, INCOMING_NAME, isStorageFull, pictureFiles, recordUpload, StorageFullError, sweepUploads } from '@pog/domain/uploads';
import { type Db } from '@pog/domain/db';
import { type Clock } from '@pog/domain/clock';
import { type Logger } from '@pog/domain/logging';
import { type Processor } from '@pog/domain/jobs';
import { ConcurrencyLimiter } from '../support/limiter';

/** How often pictures no POG uses are looked for. */
export const UPLOAD_SWEEP_MS = 60 * 60 * 1000;

/**
 * The image code, loaded on the first image job rather than at start: sharp (libvips) adds about
 * 28 MB to a process's resident memory, and most of an embedded server's life has no upload.
 */
const imageCode = () => Promise.all([import('../images/process-image'), import('../images/variants')]).then(([upload, variants]) => ({ ...upload, ...variants }));

/**
 * Decoding a picture can take hundreds of megabytes and both cores: however many jobs this process
 * runs, only this many images are processed at once.
 */
const IMAGE_SLOTS = 2;
const imageSlots = new ConcurrencyLimiter(IMAGE_SLOTS);

interface ImageDeps {
  db: Db;
  uploadDir: string;
  clock: Clock;
  log?: Logger;
}

export function processImageProcessor(deps: ImageDeps): Processor<'image.process'> {
  return async ({ incomingName, userId }) => {
    if (!INCOMING_NAME.test(incomingName)) throw new AppError('VALIDATION_ERROR', 'Unknown upload.');
    const incoming = path.join(deps.uploadDir, INCOMING_DIR, incomingName);

    const done = await findStoredUpload(deps.db, incomingName);
    if (done) return done;

    let bytes: Buffer;
    try {
      bytes = await readFile(incoming);
    } catch {
      throw new AppError('VALIDATION_ERROR', 'The upload was lost before it could be processed. Please try again.');
    }
    const { processUpload, ensureVariants, writeAtomically } = await imageCode();
    const image = await imageSlots.run(() => processUpload(bytes));
    const filename = `${incomingName}.${image.extension}`;
    try {
      // The sized copies first, then the original, then the row: once the row exists, all are there.
      await imageSlots.run(() => ensureVariants(deps.uploadDir, filename, image.buffer));
      await writeAtomically(path.join(deps.uploadDir, filename), image.buffer);
      await recordUpload(deps.db, {
        filename,
        userId,
        contentType: `image/${image.format}`,
        bytes: image.buffer.length,
        width: image.width,
        height: image.height,
        imageHash: image.hash,
        imageDetail: image.detail,
        createdAt: deps.clock.now(),
      });
    } catch (error) {
      await removeUnrecorded(deps, incomingName, filename);
      if (isStorageFull(error)) {
        deps.log?.error({ component: 'uploads', err: error }, `storing an uploaded picture failed: the uploads folder is full (${deps.uploadDir}); uploads are refused until space is freed`);
        throw new StorageFullError();
      }
      throw error;
    }
    await rm(incoming, { force: true });
    return { filename, url: UPLOADS_PREFIX + filename, width: image.width, height: image.height, bytes: image.buffer.length, hash: image.hash };
  };
}

/** Removes the files of a picture this try wrote, unless its row exists after all (or cannot be read: the sweep decides later). */
async function removeUnrecorded(deps: ImageDeps, incomingName: string, filename: string): Promise<void> {
  const stored = await findStoredUpload(deps.db, incomingName).catch(() => 'unknown' as const);
  if (stored) return;
  await Promise.all(pictureFiles(filename).map((name) => rm(path.join(deps.uploadDir, name), { force: true })));
}

/** Deletes pictures no POG has used for `unusedMs` since their upload, and what interrupted writes left. Idempotent. */
export function sweepUploadsProcessor(deps: { db: Db; uploadDir: string; clock: Clock; unusedUploadMs: number }): Processor<'uploads.sweep'> {
  return async () => sweepUploads(deps.db, deps.uploadDir, { now: deps.clock.now(), unusedMs: deps.unusedUploadMs });
}
