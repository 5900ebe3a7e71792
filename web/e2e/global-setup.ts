/**
 * Runs once before the e2e project: makes sure web/dist is a production build of the current
 * sources (the gateway serves it) and that Chromium is there. Without Chromium the browser suites skip, unless
 * E2E_REQUIRED=1 demands them.
 */
import { buildWebIfStale } from '../../scripts/web-build.mjs';
import { CHROMIUM_PATH, hasChromium } from './env';

export default function setup(): void {
  if (!hasChromium()) {
    if (process.env.E2E_REQUIRED === '1') {
      throw new Error(`E2E_REQUIRED=1 but Chromium is missing at ${CHROMIUM_PATH}. Install it with: apt-get install -y chromium`);
    }
    console.warn(`[e2e] Chromium not found at ${CHROMIUM_PATH}: browser tests will be skipped.`);
    return;
  }
  // The same production, precompressed build `npm start` serves (vitest's NODE_ENV=test does not leak in).
  buildWebIfStale();
}
