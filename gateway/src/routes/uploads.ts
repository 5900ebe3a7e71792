/**
 * Image uploads: the bytes are streamed to the uploads folder's `incoming/` directory (at most
 * 25 MB, checked as they arrive), then the worker checks, re-encodes and measures them; the request
 * answers when that is done. Nothing half-written is left behind on failure.
 */
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import Router from '@koa/router';
import busboy from 'busboy';
import type { Context } from 'koa';
import { z } from 'zod';
import { AppError, UPLOAD, UPLOADS_PREFIX, ValidationError } from '@pog/common';
import { fileSize, INCOMING_DIR, newIncomingName, TOO_LARGE_FILE_MESSAGE } from '@pog/worker';
import { requireUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { parseParams } from '../http/validate';

/** Stored file names: what the worker writes, nothing with a path in it. */
export const STORED_NAME = /^[A-Za-z0-9_-]{16,64}\.(jpg|webp)$/;

const NO_FILE = 'Please choose an image to upload (form field "image").';

/** Streams the multipart field `image` to `target`; resolves false when the form had no such file. */
function receiveImage(ctx: Context, target: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: ctx.req.headers, limits: { files: 1, fileSize: UPLOAD.maxBytes, fields: 10, fieldSize: 1024, parts: 20 } });
    } catch {
      reject(new ValidationError('Send the image as multipart/form-data with the field "image".'));
      return;
    }
    let saving: Promise<void> | undefined;
    let tooLarge = false;
    parser.on('file', (field, stream) => {
      if (field !== 'image' || saving) {
        stream.resume();
        return;
      }
      stream.on('limit', () => {
        tooLarge = true;
      });
      saving = pipeline(stream, createWriteStream(target));
    });
    parser.on('error', () => reject(new ValidationError('The upload was interrupted or malformed. Please try again.')));
    parser.on('close', () => {
      if (!saving) return resolve(false);
      saving.then(
        () => (tooLarge ? reject(new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE_FILE_MESSAGE, { status: 413 })) : resolve(true)),
        () => reject(new ValidationError('The upload was interrupted. Please try again.')),
      );
    });
    ctx.req.pipe(parser);
  });
}

export function uploadRoutes(app: AppContext): Router {
  const router = new Router({ prefix: '/api' });
  const { uploadDir } = app.config;

  router.post('/upload', async (ctx) => {
    const user = await requireUser(app, ctx);
    const declared = Number(ctx.get('content-length') || 0);
    // A body far over the limit is refused before reading it.
    if (declared > UPLOAD.maxBytes + 64 * 1024) throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE_FILE_MESSAGE, { status: 413 });
    const incomingName = newIncomingName();
    const incoming = path.join(uploadDir, INCOMING_DIR, incomingName);
    try {
      if (!(await receiveImage(ctx, incoming))) throw new ValidationError(NO_FILE);
      const stored = await app.queue.run('image.process', { incomingName, userId: user.id }, { attempts: 2 });
      ctx.status = 201;
      ctx.body = { url: stored.url, width: stored.width, height: stored.height };
    } finally {
      await rm(incoming, { force: true });
    }
  });

  router.get('/debug/images/:filename', async (ctx) => {
    const { filename } = parseParams(ctx, z.object({ filename: z.string().max(200) }));
    if (!STORED_NAME.test(filename)) {
      ctx.body = { filename, exists: false, size: null, url: null, reason: 'Not a file name this server stores.' };
      return;
    }
    const size = await fileSize(path.join(uploadDir, filename));
    ctx.body = { filename, exists: size !== null, size, url: size !== null ? UPLOADS_PREFIX + filename : null };
  });

  return router;
}
