import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../infra/docker/precompress.mjs';
import { startTestApp, type TestApp } from '../testing/test-app';

/** The page the build makes for /explore: index.html with that screen's code preloaded too. */
const EXPLORE_PAGE = '<!doctype html><script type="module" src="/assets/index-abc123.js"></script><link rel="modulepreload" href="/assets/explore-def456.js">';
const SCRIPT = `export const words = ${JSON.stringify('pog '.repeat(2000))};\n`;

/** A built web app with a hashed script big enough to be precompressed, as scripts/web-build.mjs leaves it. */
function builtDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pog-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><script type="module" src="/assets/index-abc123.js"></script>');
  writeFileSync(path.join(dir, 'explore.html'), EXPLORE_PAGE);
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), SCRIPT);
  precompress(dir);
  return dir;
}

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request with exactly the Accept-Encoding given (fetch would add its own and decode the body). */
function get(url: string, acceptEncoding?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the built web app as the gateway serves it', () => {
  let app: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = builtDist();
    app = await startTestApp({ env: { WEB_DIST: dist } });
  });

  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the brotli twin to browsers that accept brotli', async () => {
    const res = await get(`${app.url}/assets/index-abc123.js`, 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends the gzip twin to browsers that accept only gzip', async () => {
    const res = await get(`${app.url}/assets/index-abc123.js`, 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends the plain file to clients that accept no encoding', async () => {
    const res = await get(`${app.url}/assets/index-abc123.js`, 'identity');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(SCRIPT);
  });

  it('caches hashed files for a year as immutable, and never caches the page', async () => {
    const asset = await get(`${app.url}/assets/index-abc123.js`, 'br');
    expect(asset.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(asset.headers['cache-control']).toMatch(/immutable/);
    for (const route of ['/', '/explore', '/index.html']) {
      const page = await get(app.url + route, 'gzip, br');
      expect(page.status, route).toBe(200);
      expect(page.headers['cache-control'], route).toBe('no-cache');
      expect(page.body.toString(), route).toContain('/assets/index-abc123.js');
    }
  });

  it("answers a route with the page the build made for it, and every other route with index.html", async () => {
    for (const route of ['/explore', '/explore?q=fire&tab=recent']) {
      const page = await get(app.url + route, 'identity');
      expect(page.status, route).toBe(200);
      expect(page.headers['cache-control'], route).toBe('no-cache');
      expect(page.body.toString(), route).toBe(EXPLORE_PAGE);
    }
    for (const route of ['/', '/auth', '/explore-user', '/explore/more', '/pog-art']) {
      const page = await get(app.url + route, 'identity');
      expect(page.status, route).toBe(200);
      expect(page.body.toString(), route).not.toContain('explore-def456');
    }
  });
});
