import { mkdtempSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { backfillVariants, ensureVariants } from './variants';
import { noisePng, seededRandom } from '@pog/domain/testing/images';

const NAME = '0123456789abcdef0123456789abcdef';

describe('image variants', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pog-variants-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a WebP of 128, 256 and 512 px beside a 1024 px original, each smaller than the next', async () => {
    const original = await sharp(await noisePng(seededRandom(3), 1024, 2)).jpeg({ quality: 85 }).toBuffer();
    writeFileSync(path.join(dir, `${NAME}.jpg`), original);
    expect(await ensureVariants(dir, `${NAME}.jpg`)).toEqual([128, 256, 512]);
    let previous = 0;
    for (const width of [128, 256, 512]) {
      const file = path.join(dir, `${NAME}-${width}.webp`);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([width, width]);
      expect(meta.exif).toBeUndefined();
      const size = statSync(file).size;
      expect(size).toBeGreaterThan(previous);
      previous = size;
    }
    expect(previous).toBeLessThan(original.length);
  });

  it('is idempotent: a second run writes nothing, and a lost variant alone is made again', async () => {
    const before = statSync(path.join(dir, `${NAME}-256.webp`)).mtimeMs;
    expect(await ensureVariants(dir, `${NAME}.jpg`)).toEqual([]);
    unlinkSync(path.join(dir, `${NAME}-128.webp`));
    expect(await ensureVariants(dir, `${NAME}.jpg`)).toEqual([128]);
    expect(statSync(path.join(dir, `${NAME}-256.webp`)).mtimeMs).toBe(before);
  });

  it('never enlarges a small picture, and keeps its shape', async () => {
    const name = 'fedcba9876543210fedcba9876543210';
    writeFileSync(path.join(dir, `${name}.webp`), await sharp(await noisePng(seededRandom(4), 200)).resize(200, 100).webp().toBuffer());
    await ensureVariants(dir, `${name}.webp`);
    const sizes = await Promise.all([128, 256, 512].map((w) => sharp(path.join(dir, `${name}-${w}.webp`)).metadata()));
    expect(sizes.map((m) => [m.width, m.height])).toEqual([
      [128, 64],
      [200, 100],
      [200, 100],
    ]);
  });

  it('backfills every stored picture of a folder once, leaving other files alone', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'pog-backfill-'));
    try {
      const jpeg = await sharp(await noisePng(seededRandom(5), 300)).jpeg().toBuffer();
      writeFileSync(path.join(folder, 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg'), jpeg);
      writeFileSync(path.join(folder, 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.jpg'), jpeg);
      writeFileSync(path.join(folder, 'notes.txt'), 'not a picture');
      expect(await backfillVariants(folder)).toEqual({ pictures: 2, written: 6 });
      expect(await backfillVariants(folder)).toEqual({ pictures: 2, written: 0 });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('refuses a name that is not a stored picture', async () => {
    await expect(ensureVariants(dir, '../../etc/passwd')).rejects.toThrow(/Not a stored picture/);
  });
});
