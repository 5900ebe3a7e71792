import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildWebIfStale, webBuildIsStale } from '../scripts/web-build.mjs';

/** What `npm start` builds (scripts/web-build.mjs), made into a folder of its own. */
describe('the web build npm start makes', () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'pog-web-build-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('is a precompressed production bundle even when the shell says NODE_ENV=development', () => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development';
    try {
      expect(webBuildIsStale(outDir)).toBe(true);
      buildWebIfStale({ quiet: true, outDir });
    } finally {
      process.env.NODE_ENV = before;
    }
    const assets = path.join(outDir, 'assets');
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(3);
    for (const name of scripts) {
      // React's development JSX runtime (and its checks) only exist in a development bundle.
      expect(readFileSync(path.join(assets, name), 'utf8'), name).not.toContain('jsxDEV');
      const size = readFileSync(path.join(assets, name)).length;
      if (size < 1024) continue;
      expect(existsSync(path.join(assets, `${name}.br`)), `${name}.br`).toBe(true);
      expect(existsSync(path.join(assets, `${name}.gz`)), `${name}.gz`).toBe(true);
    }
    expect(webBuildIsStale(outDir)).toBe(false);
  }, 180_000);
});
