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

  it("loads the first requests' script before the app's, and gives /explore a page that preloads its screen", () => {
    const index = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const scripts = [...index.matchAll(/<script type="module" crossorigin src="\/assets\/([\w-]+)-[\w-]{8}\.js">/g)].map((match) => match[1]);
    expect(scripts).toEqual(['first-requests', 'index']);
    // Nothing for it to wait for: it imports no other file.
    const firstRequests = readdirSync(path.join(outDir, 'assets')).find((name) => /^first-requests-[\w-]{8}\.js$/.test(name))!;
    expect(readFileSync(path.join(outDir, 'assets', firstRequests), 'utf8')).not.toMatch(/\bimport\b/);
    const explore = readdirSync(path.join(outDir, 'assets')).find((name) => /^explore-[\w-]{8}\.js$/.test(name))!;
    expect(readFileSync(path.join(outDir, 'explore.html'), 'utf8')).toBe(index.replace('  </head>', `    <link rel="modulepreload" crossorigin href="/assets/${explore}">\n  </head>`));
    expect(index).not.toContain(explore);
    expect(existsSync(path.join(outDir, 'explore.html.br'))).toBe(true);
  });
});
