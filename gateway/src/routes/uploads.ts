/**
 * Image uploads: a player may start UPLOADS_PER_HOUR of them an hour; the bytes are streamed to the
 * uploads folder's `incoming/` directory (under 25 MB, checked as they arrive; ./upload-body.ts),
 * then the worker checks, re-encodes and measures them; the request answers when that is done.
 * Nothing half-written is left behind on failure.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import Router from '@koa/router';
import { RateLimitedError, UPLOAD, UPLOADS_PREFIX, uploadsApi, ValidationError } from '@pog/common';
import { fileSize, INCOMING_DIR, newIncomingName, StorageFullError } from '@pog/domain/uploads';
import { requireUser } from '../auth/current-user';
import { retryAfterSeconds, spend } from '../auth/rate-limit';
import type { AppContext } from '../context';
import { handle } from '../http/route';
import { requestLog } from '../observability/request-context';
import { closeAfterAnswer, receiveImage, tooLargeFile } from './upload-body';
import type { UserId } from '@pog/common/schemas/ids';

/** Stored file names: what the worker writes, nothing with a path in it. */
export const STORED_NAME = /^[A-Za-z0-9_-]{16,64}\.(jpg|webp)$/;

const NO_FILE = 'Please choose an image to upload (form field "image").';

/**
 * An oversized upload's body is read and thrown away up to this much, so that its client reads the
 * 413 (a reset connection is all most clients would show otherwise); a larger body is refused at once.
 */
export const UPLOAD_DISCARD_MAX_BYTES = 64 * 1024 * 1024;

/** Counts an upload against the player's hourly allowance, before its bytes are read; 429 with Retry-After beyond it. */
async function countUpload(app: AppContext, userId: UserId): Promise<void> {
  const { perHour } = app.config.uploads;
  const rule = { name: 'upload:user', points: perHour, durationSeconds: 3600 };
  await spend([[app.rateLimits.limiter(rule), String(userId)]], (refusal) => {
    const seconds = retryAfterSeconds(refusal);
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return new RateLimitedError(seconds, `You can upload at most ${perHour} images an hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  });
}

export function uploadRoutes(app: AppContext): Router {
  const router = new Router({ prefix: '/api' });
  const { uploadDir } = app.config;

  handle(router, uploadsApi.upload, async ({ ctx }) => {
    const user = await requireUser(app, ctx);
    // A body declared far over the limit is refused before reading it, its connection closed after the answer.
    if (Number(ctx.get('content-length') || 0) > UPLOAD_DISCARD_MAX_BYTES) {
      closeAfterAnswer(ctx.req, ctx.res);
      throw tooLargeFile();
    }
    await countUpload(app, user.id);
    const incomingName = newIncomingName();
    const incoming = path.join(uploadDir, INCOMING_DIR, incomingName);
    try {
      const limits = {
        maxFileBytes: UPLOAD.maxBytes,
        discardMaxBytes: UPLOAD_DISCARD_MAX_BYTES,
        idleMs: app.uploadIdleMs ?? UPLOAD.idleTimeoutMs,
        deadlineMs: app.config.uploads.deadlineMs,
      };
      const received = await receiveImage(ctx.req, ctx.res, incoming, limits).catch((error: unknown) => {
        // The operator's problem, not the player's: said once here (the worker says so for its own writes).
        if (error instanceof StorageFullError) requestLog(ctx, app.log).error({ component: 'uploads' }, `the uploads folder is full (${uploadDir}): uploads are refused until space is freed`);
        throw error;
      });
      if (!received) throw new ValidationError(NO_FILE);
      const stored = await app.queue.run('image.process', { incomingName, userId: user.id }, { attempts: 2 });
      return { url: stored.url, width: stored.width, height: stored.height };
    } finally {
      await rm(incoming, { force: true });
    }
  });

  handle(router, uploadsApi.debugImage, async ({ params }) => {
    const { filename } = params();
    if (!STORED_NAME.test(filename)) {
      return { filename, exists: false, size: null, url: null, reason: 'Not a file name this server stores.' };
    }
    const size = await fileSize(path.join(uploadDir, filename));
    return { filename, exists: size !== null, size, url: size !== null ? UPLOADS_PREFIX + filename : null };
  });

  return router;
}
