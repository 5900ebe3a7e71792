import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app';

const SCRIPT = Array.from({ length: 200 }, (_, i) => `export const pog${i} = "POG number ${i}";`).join('\n');

/** A build as web/vite.config.ts leaves it: each asset with its .br and .gz beside it. */
function precompressedDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pog-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><script type="module" src="/assets/index-abc.js"></script>');
  writeFileSync(path.join(dir, 'assets', 'index-abc.js'), SCRIPT);
  writeFileSync(path.join(dir, 'assets', 'index-abc.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dir, 'assets', 'index-abc.js.gz'), gzipSync(SCRIPT));
  return dir;
}

/** The bytes as sent (fetch would decode them). */
function rawGet(url: string, acceptEncoding: string): Promise<{ encoding: string | undefined; vary: string | undefined; type: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ encoding: res.headers['content-encoding'], vary: res.headers.vary, type: res.headers['content-type'], body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the built web app, precompressed', () => {
  let app: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = precompressedDist();
    app = await startTestApp({ env: { WEB_DIST: dist } });
  });

  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends brotli to a client that accepts it, gzip to one that accepts only gzip, and the plain file otherwise', async () => {
    const url = `${app.url}/assets/index-abc.js`;
    const br = await rawGet(url, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    const gz = await rawGet(url, 'gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);
    const plain = await rawGet(url, 'identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    for (const answer of [br, gz, plain]) {
      expect(answer.vary).toMatch(/accept-encoding/i);
      expect(answer.type).toMatch(/javascript/);
    }
  });
});
