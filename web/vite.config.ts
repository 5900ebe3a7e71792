import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/** The gateway that serves /api, /uploads and /socket.io while `vite` runs in development. */
const GATEWAY = process.env.GATEWAY_URL ?? 'http://localhost:3000';

/**
 * zod builds faster parsers with `new Function` and, the first time a schema is made, probes
 * whether eval is allowed. Our Content-Security-Policy forbids eval, and the browser reports the
 * probe as a violation even though zod catches it. zod's interpreter is enough for the browser:
 * its global config (shared on globalThis by design) says so before zod's own first line runs,
 * since schemas are built at module load, earlier than any app code could call `z.config`.
 */
function zodWithoutEval(): Plugin {
  return {
    name: 'pog:zod-without-eval',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null;
      return { code: `(globalThis.__zod_globalConfig ??= {}).jitless = true;\n${code}`, map: null };
    },
  };
}

/**
 * Preloads the brand's display font (declared in app/GlobalStyle.ts): its request starts with the
 * page's scripts instead of after them, so headings are first drawn in it and nothing shifts when
 * it arrives.
 */
function preloadDisplayFont(): Plugin {
  return {
    name: 'pog:preload-display-font',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.values(ctx.bundle ?? {}).find((file) => /bangers-latin-400-normal-[\w-]+\.woff2$/.test(file.fileName));
        if (!font) return [];
        return [{ tag: 'link', attrs: { rel: 'preload', href: `/${font.fileName}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' }];
      },
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), zodWithoutEval(), preloadDisplayFont()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Source maps would publish the sources (issue 11 §8): production builds carry none.
    sourcemap: false,
  },
  server: {
    // The Host header is passed through unchanged: the gateway refuses state-changing requests
    // whose Origin differs from its own origin, which it derives from Host.
    proxy: {
      '/api': { target: GATEWAY },
      '/uploads': { target: GATEWAY },
      '/socket.io': { target: GATEWAY, ws: true },
    },
  },
});
