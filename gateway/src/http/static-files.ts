/**
 * Serves the built web app (single-process mode) as nginx does in compose (infra/nginx.conf):
 * hashed assets cached for a year, index.html never cached, every client-side route answered with
 * index.html (or with the page the build made for it: explore.html for /explore, which also preloads
 * that screen's code), and no source map. The build's precompressed twins (file.br, file.gz, written by
 * scripts/web-build.mjs) are sent as they are to browsers that accept them, brotli first (koa-send
 * picks them by Accept-Encoding), so nothing is compressed per request. `/api/*` never falls
 * through here.
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
    if (!existsSync(indexFile)) {
      ctx.type = 'html';
      ctx.body = NOT_BUILT_PAGE;
      return;
    }
    // Caches must keep the brotli, gzip and plain answers apart.
    ctx.vary('Accept-Encoding');
    if (ctx.path.startsWith('/assets/')) {
      try {
        await send(ctx, ctx.path, { root: distDir, immutable: true, maxage: 365 * 24 * 3600 * 1000 });
        return;
      } catch {
        return next();
      }
    }
    if (ctx.path !== '/' && ctx.path !== '/index.html' && path.extname(ctx.path) !== '') {
      try {
        await send(ctx, ctx.path, { root: distDir, maxage: 3600 * 1000 });
        return;
      } catch {
        // fall through to the SPA
      }
    }
    ctx.set('Cache-Control', 'no-cache');
    const routePage = /^\/[\w-]+$/.test(ctx.path) ? `${ctx.path.slice(1)}.html` : undefined;
    await send(ctx, routePage && existsSync(path.join(distDir, routePage)) ? routePage : 'index.html', { root: distDir });
  };
}

function isServerPath(p: string): boolean {
  return p === '/api' || p.startsWith('/api/') || p.startsWith('/socket.io') || p.startsWith('/uploads/') || p === '/healthz';
}
