import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { HAMMING_FLAG_DISTANCE } from '@pog/common';
import { hammingDistance, hashChunkProbes, hashChunks, hashFromGreyscale, perceptualHash } from './phash';
import { gradientSvg, noisePng, seededRandom, shapesSvg, svgToPng, textSvg } from './test-images';

describe('hammingDistance', () => {
  it('counts differing bits', () => {
    expect(hammingDistance('0000000000000000', '0000000000000000')).toBe(0);
    expect(hammingDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hammingDistance('8000000000000001', '0000000000000000')).toBe(2);
    expect(hammingDistance('00000000ffffffff', 'FFFFFFFF00000000')).toBe(64);
  });

  it('refuses anything but two 16-digit hex hashes', () => {
    expect(() => hammingDistance('123', '0000000000000000')).toThrow(TypeError);
    expect(() => hammingDistance('zzzzzzzzzzzzzzzz', '0000000000000000')).toThrow(TypeError);
  });
});

describe('hash chunks for multi-index lookups', () => {
  it('splits a hash into four 16-bit integers, most significant first', () => {
    expect(hashChunks('0001ffff8000abcd')).toEqual([1, 0xffff, 0x8000, 0xabcd]);
  });

  it('guarantees a shared chunk within distance 3, and a probed chunk within the flag distance', () => {
    const random = seededRandom(5);
    const hex = () => Array.from({ length: 16 }, () => Math.floor(random() * 16).toString(16)).join('');
    const flipBits = (hash: string, count: number) => {
      let value = BigInt(`0x${hash}`);
      const bits = new Set<number>();
      while (bits.size < count) bits.add(Math.floor(random() * 64));
      for (const bit of bits) value ^= 1n << BigInt(bit);
      return value.toString(16).padStart(16, '0');
    };
    for (let i = 0; i < 200; i += 1) {
      const a = hex();
      const near = flipBits(a, 3);
      expect(hashChunks(a).some((chunk, index) => chunk === hashChunks(near)[index])).toBe(true);

      const flagged = flipBits(a, HAMMING_FLAG_DISTANCE);
      const probes = hashChunkProbes(a, HAMMING_FLAG_DISTANCE);
      expect(hashChunks(flagged).some((chunk, index) => probes[index]!.includes(chunk))).toBe(true);
    }
  });

  it('probes 17 values per chunk at the flag distance, only the chunk itself below 4', () => {
    expect(hashChunkProbes('0123456789abcdef', HAMMING_FLAG_DISTANCE).map((values) => values.length)).toEqual([17, 17, 17, 17]);
    expect(hashChunkProbes('0123456789abcdef', 3)).toEqual(hashChunks('0123456789abcdef').map((chunk) => [chunk]));
  });
});

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
