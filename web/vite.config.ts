import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from '../infra/docker/precompress.mjs';

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
 * file.gz and file.br beside each built asset: `npm start`'s gateway sends them as they are (koa-send
 * picks br or gzip by Accept-Encoding), as nginx does in the compose deployment, so every way of
 * serving the app sends compressed scripts (the /auth page: about 170 KiB instead of 600).
 */
function precompressedAssets(): Plugin {
  let outDir = '';
  return {
    name: 'pog:precompressed-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompress(outDir);
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), zodWithoutEval(), precompressedAssets()],
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
