/**
 * Image uploads: the bytes are streamed to the uploads folder's `incoming/` directory (at most
 * 25 MB, checked as they arrive), then the worker checks, re-encodes and measures them; the request
 * answers when that is done. Nothing half-written is left behind on failure.
 */
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Router from '@koa/router';
import busboy from 'busboy';
import { AppError, TOO_LARGE_FILE_MESSAGE, UPLOAD, UPLOADS_PREFIX, uploadsApi, ValidationError } from '@pog/common';
import { fileSize, INCOMING_DIR, newIncomingName } from '@pog/common/server';
import { requireUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { handle } from '../http/route';

/** Stored file names: what the worker writes, nothing with a path in it. */
export const STORED_NAME = /^[A-Za-z0-9_-]{16,64}\.(jpg|webp)$/;

const NO_FILE = 'Please choose an image to upload (form field "image").';

const interrupted = () => new ValidationError('The upload was interrupted or malformed. Please try again.');
const stalled = (idleMs: number) =>
  new AppError('VALIDATION_ERROR', `The upload stalled (nothing arrived for ${Math.round(idleMs / 1000)} seconds). Please try again.`, {
    status: 408,
    headers: { Connection: 'close' },
  });
const tooLargeFile = () => new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE_FILE_MESSAGE, { status: 413, headers: { Connection: 'close' } });

/**
 * Streams the multipart field `image` to `target`; resolves false when the form had no such file.
 * Whatever ends it early (the client hanging up, nothing arriving for `idleMs`, a file over the
 * limit, a malformed form) stops reading and closes the file before it rejects, so the caller's
 * removal finds a closed file: no descriptor, file or buffer outlives the request.
 */
function receiveImage(req: IncomingMessage, target: string, idleMs: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: UPLOAD.maxBytes, fields: 10, fieldSize: 1024, parts: 20 } });
    } catch {
      reject(new ValidationError('Send the image as multipart/form-data with the field "image".'));
      return;
    }
    let file: Readable | undefined;
    let output: WriteStream | undefined;
    let saving: Promise<void> | undefined;
    let settled = false;
    let idle: NodeJS.Timeout | undefined;

    const stopWatching = () => {
      clearTimeout(idle);
      req.off('data', touch);
      req.off('close', onClose);
    };
    const succeed = (received: boolean) => {
      if (settled) return;
      settled = true;
      stopWatching();
      resolve(received);
    };
    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
      stopWatching();
      req.unpipe(parser);
      parser.destroy();
      file?.destroy();
      const closed = output && !output.closed ? once(output, 'close').catch(() => undefined) : Promise.resolve();
      output?.destroy();
      void closed.then(() => reject(error));
    };
    function touch() {
      clearTimeout(idle);
      idle = setTimeout(() => fail(stalled(idleMs)), idleMs);
    }
    function onClose() {
      if (!req.complete) fail(interrupted());
    }

    parser.on('file', (field, stream) => {
      if (field !== 'image' || saving) {
        stream.resume();
        return;
      }
      file = stream;
      output = createWriteStream(target);
      // Refused at once: reading (and discarding) the rest of an oversized body gains nothing.
      stream.on('limit', () => fail(tooLargeFile()));
      saving = pipeline(stream, output);
      saving.catch(() => undefined); // failures are answered by fail() or on 'close' below
    });
    parser.on('error', () => fail(interrupted()));
    parser.on('close', () => {
      if (!saving) return succeed(false);
      saving.then(
        () => succeed(true),
        () => fail(interrupted()),
      );
    });
    touch();
    req.on('data', touch);
    req.on('close', onClose);
    req.pipe(parser);
  });
}

export function uploadRoutes(app: AppContext): Router {
  const router = new Router({ prefix: '/api' });
  const { uploadDir } = app.config;

  handle(router, uploadsApi.upload, async ({ ctx }) => {
    const user = await requireUser(app, ctx);
    const declared = Number(ctx.get('content-length') || 0);
    // A body far over the limit is refused before reading it.
    if (declared > UPLOAD.maxBytes + 64 * 1024) throw tooLargeFile();
    const incomingName = newIncomingName();
    const incoming = path.join(uploadDir, INCOMING_DIR, incomingName);
    try {
      if (!(await receiveImage(ctx.req, incoming, app.uploadIdleMs ?? UPLOAD.idleTimeoutMs))) throw new ValidationError(NO_FILE);
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
