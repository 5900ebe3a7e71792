/**
 * Chromium for the browser tests: Debian's, driven through playwright-core. The e2e global setup
 * starts one and every test file connects to it (a launch per file cost a second or two of CPU on
 * this 2-core machine); outside that setup a file launches its own.
 */
import { chromium, type Browser, type BrowserServer } from 'playwright-core';
import { CHROMIUM_PATH } from './env';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const options = { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS };

export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(options);
}

/** The shared Chromium when `endpoint` names one (closing it then only disconnects), else a new one. */
export function openBrowser(endpoint: string | undefined): Promise<Browser> {
  return endpoint ? chromium.connect(endpoint) : chromium.launch(options);
}
