/** Facts about the e2e environment, shared by the global setup and the harness (no test APIs here). */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const hasChromium = (): boolean => existsSync(CHROMIUM_PATH);
