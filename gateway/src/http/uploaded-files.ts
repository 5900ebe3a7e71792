/**
 * Serves stored uploads: immutable names, so cached for a year; only names the worker writes.
 * A sized variant that was never made (an upload older than the variants, see
 * common/src/pogs/image-variants.ts) is answered with its original, cached briefly, so a card
 * that asks for it still shows the picture and gets the real variant once it exists.
 */
import type { Context, Middleware } from 'koa';
import send from 'koa-send';
import { UPLOADS_PREFIX, variantBaseName } from '@pog/common';
import { STORED_NAME } from '../routes/uploads';

const YEAR_MS = 365 * 24 * 3600 * 1000;
const FALLBACK_MS = 3600 * 1000;

async function sent(ctx: Context, name: string, root: string, options: { immutable: boolean; maxage: number }): Promise<boolean> {
  try {
    await send(ctx, name, { root, ...options });
    return true;
  } catch {
    return false;
  }
}

export function uploadedFiles(uploadDir: string): Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith(UPLOADS_PREFIX) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const name = ctx.path.slice(UPLOADS_PREFIX.length);
    if (!STORED_NAME.test(name)) {
      ctx.status = 404;
      return;
    }
    if (await sent(ctx, name, uploadDir, { immutable: true, maxage: YEAR_MS })) return;
    const base = variantBaseName(name);
    if (base !== null) {
      for (const original of [`${base}.jpg`, `${base}.webp`]) {
        if (await sent(ctx, original, uploadDir, { immutable: false, maxage: FALLBACK_MS })) return;
      }
    }
    ctx.status = 404;
  };
}
