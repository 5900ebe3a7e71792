/**
 * Runs once before the e2e project: makes sure web/dist is a production build of the current
 * sources (the gateway serves it) and that Chromium is there, then starts the one Chromium every
 * browser test file connects to (each file still has its own app and its own browser contexts).
 * Without Chromium the browser suites skip, unless E2E_REQUIRED=1 demands them.
 */
import type { TestProject } from 'vitest/node';
import { buildWebIfStale } from '../../scripts/web-build.mjs';
import { CHROMIUM_PATH, hasChromium } from './env';
import { launchBrowserServer } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's Playwright endpoint; empty when there is none (the file launches its own). */
    e2eBrowserEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  project.provide('e2eBrowserEndpoint', '');
  if (!hasChromium()) {
    if (process.env.E2E_REQUIRED === '1') {
      throw new Error(`E2E_REQUIRED=1 but Chromium is missing at ${CHROMIUM_PATH}. Install it with: apt-get install -y chromium`);
    }
    console.warn(`[e2e] Chromium not found at ${CHROMIUM_PATH}: browser tests will be skipped.`);
    return;
  }
  // The same production, precompressed build `npm start` serves (vitest's NODE_ENV=test does not leak in).
  buildWebIfStale();
  const server = await launchBrowserServer();
  project.provide('e2eBrowserEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
  };
}
