import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { hammingDistance, HAMMING_FLAG_DISTANCE } from '@pog/common';
import { hashFromGreyscale, perceptualHash } from './phash';
import { gradientSvg, noisePng, seededRandom, shapesSvg, svgToPng, textSvg } from '@pog/domain/testing/images';

describe('perceptual hash', () => {
  it('hashes flat images without random bits', () => {
    expect(hashFromGreyscale(new Uint8Array(32 * 32).fill(20))).toBe('0000000000000000');
    // Only the brightness bit differs between a dark and a light flat image.
    expect(hashFromGreyscale(new Uint8Array(32 * 32).fill(230))).toBe('8000000000000000');
  });

  it('refuses input of the wrong size', () => {
    expect(() => hashFromGreyscale(new Uint8Array(10))).toThrow(RangeError);
  });

  const random = seededRandom(42);
  const pictures = {
    shapes: () => svgToPng(shapesSvg(random, 256, 12)),
    busyShapes: () => svgToPng(shapesSvg(random, 256, 60)),
    gradient: () => svgToPng(gradientSvg(256, '#ff0000', '#0000ff', 30)),
    text: () => svgToPng(textSvg(256, 'POG', '#ffffff', '#222266')),
    noise: () => noisePng(random, 256, 2),
  };

  it.each(Object.keys(pictures) as (keyof typeof pictures)[])(
    'finds %s again after resizing and re-encoding (distance ≤ the flag distance)',
    async (kind) => {
      const original = await pictures[kind]();
      const copy = await sharp(original).resize(173).jpeg({ quality: 60 }).toBuffer();
      expect(hammingDistance(await perceptualHash(original), await perceptualHash(copy))).toBeLessThanOrEqual(HAMMING_FLAG_DISTANCE);
    },
  );

  it('tells different pictures apart (distance > 20 typically)', async () => {
    const hashes = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => perceptualHash(await (i % 2 === 0 ? pictures.shapes() : pictures.busyShapes()))),
    );
    const distances: number[] = [];
    for (let i = 0; i < hashes.length; i += 1) {
      for (let j = i + 1; j < hashes.length; j += 1) distances.push(hammingDistance(hashes[i]!, hashes[j]!));
    }
    distances.sort((a, b) => a - b);
    expect(distances[Math.floor(distances.length / 2)]).toBeGreaterThan(20);
    expect(distances[0]).toBeGreaterThan(HAMMING_FLAG_DISTANCE);
  });
});
