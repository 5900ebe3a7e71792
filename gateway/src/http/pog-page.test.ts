/** /pog/:id: index.html with the POG's title and Open Graph tags filled in by the server, escaped. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePog } from '../testing/battles';
import { setupTitle, TEST_SETUPS } from '../testing/databases';
import { newPlayer } from '../testing/players';
import { startTestApp, type TestApp } from '../testing/test-app';

const INDEX = `<!doctype html><html><head><meta charset="UTF-8" />
    <meta name="description" content="Pog Federation: design, collect, trade and battle collectible POGs." />
    <title>Pog Federation</title></head><body><div id="root"></div></body></html>`;

/** The content of a head tag, decoded as a browser would read it. */
function meta(html: string, key: string): string | undefined {
  const raw = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
  return raw?.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

describe.each(TEST_SETUPS)('POG page head tags', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    let webDist: string | undefined;
    beforeAll(async () => {
      webDist = mkdtempSync(path.join(tmpdir(), 'pog-dist-'));
      writeFileSync(path.join(webDist, 'index.html'), INDEX);
      app = await startTestApp({ backend: setup.backend, env: { ...setup.env, WEB_DIST: webDist } });
    });
    afterAll(async () => {
      await app?.close();
      if (webDist) rmSync(webDist, { recursive: true, force: true });
    });

    it('names the POG in the title, description and og: tags, with markup in its name escaped', async () => {
      const creator = await newPlayer(app.url, 'og');
      const holder = await newPlayer(app.url, 'og');
      const name = `"><script>alert('x')</script> & Co $&`;
      const id = await givePog(app.runtime.db, holder.id, { creatorId: creator.id, name, rarity: 'epic', points: 777, imageUrl: '/uploads/disc.jpg' });
      const res = await fetch(`${app.url}/pog/${id}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(html).not.toContain('<script>');
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).toContain(`<title>&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; Co $&amp; · Pog Federation</title>`);
      expect(meta(html, 'og:title')).toBe(`${name} · Pog Federation`);
      const description = `${name}, an epic POG (777 PTS) by @${creator.username}, held by @${holder.username}.`;
      expect(meta(html, 'og:description')).toBe(description);
      expect(meta(html, 'description')).toBe(description);
      expect(html.match(/name="description"/g)).toHaveLength(1);
      expect(meta(html, 'og:url')).toBe(`${app.url}/pog/${id}`);
      expect(meta(html, 'og:image')).toBe(`${app.url}/uploads/disc.jpg`);
      expect(meta(html, 'og:type')).toBe('website');
      // The rest of the page is the app as built.
      expect(html).toContain('<div id="root"></div>');
    });

    it('answers a missing, rejected or malformed POG with the unchanged page and 404', async () => {
      const owner = await newPlayer(app.url, 'og');
      const rejected = await givePog(app.runtime.db, owner.id, { name: 'Hidden Away', moderationStatus: 'rejected' });
      for (const uri of [`/pog/${rejected}`, '/pog/2147483647', '/pog/abc', '/pog/0', '/pog/%E0%A4%A']) {
        const res = await fetch(app.url + uri);
        expect(res.status, uri).toBe(404);
        const html = await res.text();
        expect(html, uri).toBe(INDEX);
      }
    });
  });
});
