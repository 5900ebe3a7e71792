/**
 * Serves the built web app (single-process mode): hashed assets cached for a year, index.html never
 * cached, every client-side route answered with index.html, and no source map. The build leaves
 * file.br and file.gz beside each asset (web/vite.config.ts): koa-send sends the one the client
 * accepts, so the answer varies with Accept-Encoding. `/api/*` never falls through here.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';

const NOT_BUILT_PAGE = `<!doctype html><meta charset="utf-8"><title>Pog Federation</title>
<p>The web app has not been built yet. Run <code>npm run build</code> (npm start does this for you).</p>`;

export function webApp(distDir: string): Middleware {
  const indexFile = path.join(distDir, 'index.html');
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isServerPath(ctx.path)) return next();
    // Source maps would publish the sources: never served, even if a build left some behind.
    if (ctx.path.endsWith('.map')) return next();
    ctx.vary('Accept-Encoding');
    if (!existsSync(indexFile)) {
      ctx.type = 'html';
      ctx.body = NOT_BUILT_PAGE;
      return;
    }
    if (ctx.path.startsWith('/assets/')) {
      try {
        await send(ctx, ctx.path, { root: distDir, immutable: true, maxage: 365 * 24 * 3600 * 1000 });
        return;
      } catch {
        return next();
      }
    }
    if (ctx.path !== '/' && path.extname(ctx.path) !== '') {
      try {
        await send(ctx, ctx.path, { root: distDir, maxage: 3600 * 1000 });
        return;
      } catch {
        // fall through to the SPA
      }
    }
    ctx.set('Cache-Control', 'no-cache');
    await send(ctx, 'index.html', { root: distDir });
  };
}

function isServerPath(p: string): boolean {
  return p === '/api' || p.startsWith('/api/') || p.startsWith('/socket.io') || p.startsWith('/uploads/') || p === '/healthz';
}
