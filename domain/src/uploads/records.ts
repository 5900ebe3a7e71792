/**
 * The `uploads` table: one row per stored picture, written by the image job once the picture and
 * its sized copies are on disk (worker/src/processors/images.ts), so that a row means all its files
 * are there. The row is named by the file, which is named by the parked upload: recording it twice
 * keeps the first.
 */
import { eq } from 'drizzle-orm';
import { UPLOADS_PREFIX } from '@pog/common/pogs/image-url';
import type { Db } from '../db/client';
import { uploads } from '../db/schema';

/** What a stored picture answers to the gateway that waits for it. */
export interface StoredUpload {
  filename: string;
  url: string;
  width: number;
  height: number;
  bytes: number;
  hash: string;
}

export type NewUpload = Omit<typeof uploads.$inferInsert, 'usedAt'>;

/** Records a stored picture; nothing when it is recorded already (a retried job). */
export async function recordUpload(db: Db, upload: NewUpload): Promise<void> {
  await db.insert(uploads).values(upload).onConflictDoNothing();
}

/** The stored picture of a parked upload, under whichever extension its job gave it, if recorded. */
export async function findStoredUpload(db: Db, incomingName: string): Promise<StoredUpload | undefined> {
  for (const extension of ['jpg', 'webp']) {
    const filename = `${incomingName}.${extension}`;
    const [row] = await db.select().from(uploads).where(eq(uploads.filename, filename)).limit(1);
    if (row) return { filename, url: UPLOADS_PREFIX + filename, width: row.width, height: row.height, bytes: row.bytes, hash: row.imageHash };
  }
  return undefined;
}
