import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app';
import { CONTENT_SECURITY_POLICY } from './security-headers';

/** A built web app of our own, with the source map a careless build would leave beside its script. */
function fakeDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pog-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><script type="module" src="/assets/index-abc.js"></script>');
  writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'console.log(1);\n//# sourceMappingURL=index-abc.js.map');
  writeFileSync(path.join(dir, 'assets', 'index-abc.js.map'), '{"version":3,"sources":["secret.ts"]}');
  writeFileSync(path.join(dir, 'robots.txt.map'), '{}');
  return dir;
}

describe('security headers and source maps', () => {
  let app: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = fakeDist();
    app = await startTestApp({ env: { WEB_DIST: dist } });
  });

  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the CSP and the other headers on pages, assets, API answers, errors and uploads', async () => {
    for (const [route, status] of [
      ['/', 200],
      ['/collection', 200],
      ['/assets/index-abc.js', 200],
      ['/api/user', 401],
      ['/api/no-such-endpoint', 404],
      ['/uploads/missing.png', 404],
      ['/healthz', 200],
    ] as const) {
      const response = await fetch(app.url + route);
      expect(response.status, route).toBe(status);
      expect(response.headers.get('content-security-policy'), route).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers.get('x-content-type-options'), route).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), route).toBe('same-origin');
      expect(response.headers.get('permissions-policy'), route).toMatch(/camera=\(\)/);
      expect(response.headers.get('x-frame-options'), route).toBe('DENY');
      // Only these: helmet's other defaults (HSTS, cross-origin policies, X-XSS-Protection) stay off.
      for (const other of ['strict-transport-security', 'cross-origin-opener-policy', 'cross-origin-resource-policy', 'x-xss-protection', 'origin-agent-cluster']) {
        expect(response.headers.get(other), `${other} on ${route}`).toBeNull();
      }
    }
  });

  it('allows no inline script and no framing', () => {
    const directives = new Map(CONTENT_SECURITY_POLICY.split(';').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*unsafe/);
  });

  it('never serves a source map, and does not answer one with the app page either', async () => {
    for (const route of ['/assets/index-abc.js.map', '/robots.txt.map', '/assets/other.js.map']) {
      const response = await fetch(app.url + route);
      expect(response.status, route).toBe(404);
      expect(await response.text(), route).not.toContain('sources');
    }
  });
});
