/** Serves stored uploads: immutable names, so cached for a year; only names the worker writes. */
import type { Middleware } from 'koa';
import send from 'koa-send';
import { UPLOADS_PREFIX } from '@pog/common';
import { STORED_NAME } from '../routes/uploads';

export function uploadedFiles(uploadDir: string): Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith(UPLOADS_PREFIX) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const name = ctx.path.slice(UPLOADS_PREFIX.length);
    if (!STORED_NAME.test(name)) {
      ctx.status = 404;
      return;
    }
    try {
      await send(ctx, name, { root: uploadDir, immutable: true, maxage: 365 * 24 * 3600 * 1000 });
    } catch {
      ctx.status = 404;
    }
  };
}
