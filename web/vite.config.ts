import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/** The gateway that serves /api, /uploads and /socket.io while `vite` runs in development. */
const GATEWAY = process.env.GATEWAY_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
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
