/** Facts about the e2e environment, shared by the global setup and the harness (no test APIs here). */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CHROMIUM_PATH = '/usr/bin/chromium';
/**
 * Debian's build of Chromium's headless shell (`apt-get install chromium-headless-shell`), the
 * browser Playwright itself runs headless tests in: the same engine without the desktop browser
 * around it, so a page costs about half the CPU (its frames are drawn by a lighter compositor).
 * The browser tests use it when it is installed and Chromium otherwise.
 */
export const HEADLESS_SHELL_PATH = '/usr/lib/chromium/chromium-headless-shell';

/** The browser the tests drive: E2E_BROWSER_PATH if set (e.g. to compare), else the headless shell when installed, else Chromium. */
export const testBrowserPath = (): string => process.env.E2E_BROWSER_PATH || (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

export const hasChromium = (): boolean => existsSync(CHROMIUM_PATH);
