/**
 * Tidying of the uploads folder, run by the worker's scheduled `uploads.sweep` job (and the
 * leftovers part at every start). Idempotent: a second run finds nothing more to remove.
 *
 * - Pictures no POG has ever used (`uploads.used_at` is set by a trigger when a POG names one),
 *   uploaded longer ago than UNUSED_UPLOAD_HOURS: their rows, then their files and sized copies.
 *   A player has that long to save the POG they uploaded a picture for.
 * - Files the image processor writes that have no row and that no POG names (a process that died
 *   between writing them and recording them, or between a sweep's row and its files), not touched
 *   for as long.
 * - Leftovers of interrupted writes (removeUploadLeftovers).
 */
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, inArray, isNull, lt, sql } from 'drizzle-orm';
import { IMAGE_VARIANT_WIDTHS, imageVariantName } from '@pog/common/pogs/image-variants';
import { UPLOADS_PREFIX } from '@pog/common/pogs/image-url';
import type { Db } from '../db/client';
import { pogs, uploads } from '../db/schema';
import { removeUploadLeftovers } from './layout';

/** Rows one statement deletes at most. */
export const UPLOAD_SWEEP_BATCH = 500;

/** The files the image processor writes: `<32 hex>.jpg|webp` and `<32 hex>-<width>.webp`. */
const PROCESSED_FILE = /^([0-9a-f]{32})(?:-\d+)?\.(?:jpg|webp)$/;

export interface UploadSweepResult {
  /** Never-used pictures deleted (rows and files). */
  unused: number;
  /** Files with no row and no POG, removed. */
  orphans: number;
  /** Interrupted writes removed. */
  leftovers: number;
}

/** A stored picture's files: the original and its sized copies. */
export function pictureFiles(filename: string): string[] {
  return [filename, ...IMAGE_VARIANT_WIDTHS.map((w) => imageVariantName(filename, w)).filter((n): n is string => n !== null)];
}

export async function sweepUploads(db: Db, uploadDir: string, options: { now: Date; unusedMs: number; wallNow?: number }): Promise<UploadSweepResult> {
  const cutoff = new Date(options.now.getTime() - options.unusedMs);
  let unused = 0;
  for (;;) {
    const candidates = db
      .select({ filename: uploads.filename })
      .from(uploads)
      .where(
        and(
          isNull(uploads.usedAt),
          lt(uploads.createdAt, cutoff),
          sql`NOT EXISTS (SELECT 1 FROM ${pogs} WHERE ${pogs.imageUrl} = ${UPLOADS_PREFIX} || ${uploads.filename})`,
        ),
      )
      .orderBy(uploads.createdAt)
      .limit(UPLOAD_SWEEP_BATCH);
    // used_at is checked again on the row itself: a POG naming it meanwhile (its trigger holds the row) wins.
    const deleted = await db
      .delete(uploads)
      .where(and(inArray(uploads.filename, candidates), isNull(uploads.usedAt)))
      .returning({ filename: uploads.filename });
    for (const { filename } of deleted) await Promise.all(pictureFiles(filename).map((f) => rm(path.join(uploadDir, f), { force: true })));
    unused += deleted.length;
    if (deleted.length < UPLOAD_SWEEP_BATCH) break;
  }
  const wallNow = options.wallNow ?? Date.now();
  const orphans = await removeOrphans(db, uploadDir, wallNow - options.unusedMs);
  const leftovers = await removeUploadLeftovers(uploadDir, wallNow);
  return { unused, orphans, leftovers };
}

/** Processed files older than `before` (ms since the epoch) whose picture has no row and no POG. */
async function removeOrphans(db: Db, uploadDir: string, before: number): Promise<number> {
  const byBase = new Map<string, string[]>();
  for (const entry of await readdir(uploadDir, { withFileTypes: true })) {
    const base = entry.isFile() ? PROCESSED_FILE.exec(entry.name)?.[1] : undefined;
    if (base) byBase.set(base, [...(byBase.get(base) ?? []), entry.name]);
  }
  let removed = 0;
  const bases = [...byBase.keys()];
  for (let i = 0; i < bases.length; i += UPLOAD_SWEEP_BATCH) {
    const batch = bases.slice(i, i + UPLOAD_SWEEP_BATCH);
    const recordedBase = sql<string>`split_part(${uploads.filename}, '.', 1)`;
    const recorded = await db.select({ base: recordedBase }).from(uploads).where(inArray(recordedBase, batch));
    const namedBase = sql<string>`substr(${pogs.imageUrl}, ${UPLOADS_PREFIX.length + 1}, 32)`;
    const named = await db
      .select({ base: namedBase })
      .from(pogs)
      .where(and(sql`${pogs.imageUrl} LIKE ${`${UPLOADS_PREFIX}%`}`, inArray(namedBase, batch)));
    const kept = new Set([...recorded, ...named].map((r) => r.base));
    for (const base of batch) {
      if (kept.has(base)) continue;
      for (const name of byBase.get(base)!) {
        const file = path.join(uploadDir, name);
        const info = await stat(file).catch(() => undefined);
        if (!info || info.mtimeMs >= before) continue;
        await rm(file, { force: true });
        removed += 1;
      }
    }
  }
  return removed;
}
