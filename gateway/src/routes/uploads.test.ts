import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@pog/domain/clock';
import { tables } from '@pog/domain/db';
import { pngHeaderOnly } from '@pog/domain/testing/images';
import { createPlayer } from '../testing/factories';
import { ApiClient } from '../testing/api-client';
import { setupTitle, TEST_SETUPS } from '../testing/databases';
import { pogDesign, waitForScore } from '../testing/players';
import { startTestApp, type TestApp } from '../testing/test-app';
import type { UserId } from '@pog/common/schemas/ids';

/** A photo-like test picture: a gradient with noise, carrying EXIF that must not survive. */
async function photo(width: number, height: number, seed = 1): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < noise.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    noise[i] = (i % 3 === 0 ? (i / 3) % width : x >>> 24) & 0xff;
  }
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Copyright: 'secret-owner', Make: 'TestCam' } })
    .toBuffer();
}

/** A drawn scene (shapes survive resizing, as real pictures do; noise would not), unique per seed. */
async function scene(seed: number): Promise<Buffer> {
  let x = seed >>> 0 || 1;
  const next = (n: number) => {
    x = (x * 1103515245 + 12345) >>> 0;
    return x % n;
  };
  const shapes = Array.from({ length: 6 }, () =>
    next(2)
      ? `<circle cx="${next(400)}" cy="${next(400)}" r="${30 + next(90)}" fill="#${next(0xffffff).toString(16).padStart(6, '0')}"/>`
      : `<rect x="${next(300)}" y="${next(300)}" width="${40 + next(160)}" height="${40 + next(160)}" fill="#${next(0xffffff).toString(16).padStart(6, '0')}"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="#${next(0xffffff).toString(16).padStart(6, '0')}"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

describe.each(TEST_SETUPS)('image uploads', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    const clock = new ManualClock(new Date('2031-01-01T01:00:00Z'));
    beforeAll(async () => {
      app = await startTestApp({ backend: setup.backend, env: setup.env, clock });
    });
    afterAll(async () => {
      await app?.close();
    });
    const uploadDir = () => app.runtime.config.uploadDir;
    const storedFiles = () => readdirSync(uploadDir()).filter((f) => f !== 'incoming');
    const incomingFiles = () => readdirSync(path.join(uploadDir(), 'incoming'));
    const uploadsOf = (userId: UserId) => app.runtime.db.select().from(tables.uploads).where(eq(tables.uploads.userId, userId));

    it('re-encodes, strips metadata, shrinks to 1024 px and serves the result', async () => {
      const p = await createPlayer(app);
      const res = await p.client.upload(await photo(1600, 1200), 'holiday.png', 'image/png');
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ url: expect.stringMatching(/^\/uploads\/[A-Za-z0-9_-]+\.jpg$/), width: 1024, height: 768 });

      const served = await fetch(app.url + res.body.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/jpeg');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ width: 1024, height: 768, format: 'jpeg' });
      expect(meta.exif).toBeUndefined();

      const [row] = await uploadsOf(p.id);
      expect(row).toMatchObject({ width: 1024, height: 768, imageHash: expect.stringMatching(/^[0-9a-f]{16}$/) });
      expect(incomingFiles()).toEqual([]);

      const debug = await p.client.get(`/api/debug/images/${res.body.url.slice('/uploads/'.length)}`);
      expect(debug.body).toMatchObject({ exists: true, size: row!.bytes });
    });

    it('makes 128, 256 and 512 px WebP copies beside the original and serves them for a year', async () => {
      const p = await createPlayer(app);
      const res = await p.client.upload(await photo(1200, 1200, 7), 'square.jpg', 'image/jpeg');
      expect(res.status).toBe(201);
      const base = res.body.url.replace(/\.jpg$/, '');
      let previous = 0;
      for (const width of [128, 256, 512]) {
        const served = await fetch(`${app.url}${base}-${width}.webp`);
        expect(served.status, `${width}`).toBe(200);
        expect(served.headers.get('content-type')).toBe('image/webp');
        expect(served.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
        const bytes = Buffer.from(await served.arrayBuffer());
        expect(await sharp(bytes).metadata()).toMatchObject({ width, height: width, format: 'webp' });
        expect(bytes.length).toBeGreaterThan(previous);
        previous = bytes.length;
      }
    });

    it('answers a variant an older upload never had with its original, cached briefly', async () => {
      const legacy = 'abcdefabcdefabcdefabcdefabcdef01';
      writeFileSync(path.join(uploadDir(), `${legacy}.jpg`), await photo(300, 300, 9));
      const served = await fetch(`${app.url}/uploads/${legacy}-256.webp`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/jpeg');
      expect(served.headers.get('cache-control')).not.toMatch(/immutable/);
      expect((await fetch(`${app.url}/uploads/abcdefabcdefabcdefabcdefabcdef02-256.webp`)).status).toBe(404);
    });

    it.each([
      ['a text file named .png', async () => Buffer.from('this is not an image at all, just words'), 400, 'Please select a valid image file (JPEG, PNG, GIF, or WEBP)'],
      ['an SVG', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), 400, 'Please select a valid image file (JPEG, PNG, GIF, or WEBP)'],
      ['a 20000 x 20000 PNG', async () => pngHeaderOnly(20000, 20000), 400, 'Image is too large: at most 50 megapixels'],
      ['a truncated JPEG', async () => (await photo(800, 600)).subarray(0, 3000), 400, 'The image file is damaged or incomplete'],
      ['a 26 MB file', async () => Buffer.concat([await photo(64, 64), Buffer.alloc(26 * 1024 * 1024)]), 413, 'Image size should be less than 25MB'],
    ])('refuses %s and stores nothing', async (_name, make, status, message) => {
      const p = await createPlayer(app);
      const before = storedFiles().length;
      const res = await p.client.upload(await make(), 'sneaky.png', 'image/png');
      expect(res.status).toBe(status);
      expect(res.body.message).toBe(message);
      expect(storedFiles()).toHaveLength(before);
      expect(incomingFiles()).toEqual([]);
      expect(await uploadsOf(p.id)).toEqual([]);
    }, 60_000);

    it('needs a session, a multipart body and the image field', async () => {
      const anonymous = await new ApiClient(app.url).upload(await photo(32, 32));
      expect(anonymous.status).toBe(401);
      const p = await createPlayer(app);
      const json = await p.client.post('/api/upload', { image: 'data:image/png;base64,AAAA' });
      expect(json.status).toBe(400);
      const form = new FormData();
      form.append('picture', new Blob([new Uint8Array(await photo(32, 32))]), 'x.jpg');
      const wrongField = await p.client.request('POST', '/api/upload', form);
      expect(wrongField.status).toBe(400);
      expect(wrongField.body.message).toBe('Please choose an image to upload (form field "image").');
    });

    it('never lets a file name escape the uploads folder', async () => {
      const c = new ApiClient(app.url);
      for (const name of ['..%2F..%2Fetc%2Fpasswd', '%2E%2E%2Fsession-secret', 'session-secret', 'x.jpg']) {
        const res = await c.get(`/api/debug/images/${name}`);
        expect(res.status, name).toBe(200);
        expect(res.body.exists, name).toBe(false);
      }
      // A private file beside the uploads folder, as the generated secrets are.
      const secret = `private-${Date.now()}`;
      writeFileSync(path.join(app.runtime.config.dataDir, 'session-secret'), secret);
      for (const p of ['/uploads/../session-secret', '/uploads/%2E%2E%2Fsession-secret', '/uploads/..%2fsession-secret', '/uploads/incoming', '/uploads/']) {
        const res = await c.get(p);
        expect(String(res.body), p).not.toContain(secret);
        if (p.startsWith('/uploads/') && !p.startsWith('/uploads/..')) expect(res.status, p).toBe(404);
      }
    });

    it("flags a POG whose image is a near-copy of another player's", async () => {
      const original = await createPlayer(app);
      const copier = await createPlayer(app);
      const picture = await scene(Date.now() + process.pid * 7919);
      const first = await original.client.upload(picture);
      const firstPog = await original.client.post('/api/pogs', pogDesign(original.id, { imageUrl: first.body.url }));
      const scoredOriginal = await waitForScore(original.client, firstPog.body.id);
      expect(scoredOriginal.isFlagged).toBe(false);
      expect(scoredOriginal.imageHash).toMatch(/^[0-9a-f]{16}$/);

      // The same picture, re-encoded smaller: a different file, nearly the same hash.
      const copy = await copier.client.upload(await sharp(picture).resize(300, 300).jpeg({ quality: 60 }).toBuffer());
      const copyPog = await copier.client.post('/api/pogs', pogDesign(copier.id, { imageUrl: copy.body.url }));
      const scoredCopy = await waitForScore(copier.client, copyPog.body.id);
      expect(scoredCopy.isFlagged).toBe(true);
      expect(scoredCopy.uniqueness).toBeLessThan(20);
    });
  });
});
