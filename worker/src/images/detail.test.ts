import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { gradientSvg, noisePng, randomColour, randomInt, seededRandom, shapesSvg, solidPng, svgToPng } from '@pog/domain/testing/images';
import { imageDetail } from './detail';

/** A picture as a camera gives it: soft-edged shapes with grain over them. */
async function photoLike(random: () => number, size: number): Promise<Buffer> {
  const { data, info } = await sharp(Buffer.from(shapesSvg(random, size, randomInt(random, 8, 30))))
    .blur(0.5 + random())
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i += 1) data[i] = Math.max(0, Math.min(255, data[i]! + randomInt(random, -16, 16)));
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).png().toBuffer();
}

/** Sky, sun and hills, softened: few edges but a wide range of light. */
function landscapeSvg(random: () => number, size: number): string {
  const hills = Array.from(
    { length: randomInt(random, 2, 5) },
    () => `<ellipse cx="${randomInt(random, 0, size)}" cy="${size}" rx="${randomInt(random, size / 4, size)}" ry="${randomInt(random, size / 6, size / 2)}" fill="${randomColour(random)}"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="#1E3A8A"/><stop offset="1" stop-color="#F5D0A9"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#sky)"/>
<circle cx="${randomInt(random, 0, size)}" cy="${randomInt(random, 0, size / 2)}" r="${size / 10}" fill="#FFF7D6"/>${hills}</svg>`;
}

/** The left half random noise, the right half flat. */
async function halfNoisePng(random: () => number, size: number): Promise<Buffer> {
  const pixels = Buffer.alloc(size * size * 3, 128);
  for (let y = 0; y < size; y += 1) for (let x = 0; x < (size / 2) * 3; x += 1) pixels[y * size * 3 + x] = randomInt(random, 0, 255);
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } }).png().toBuffer();
}

describe('image detail measures structure, not noise', () => {
  it.each([64, 128, 256, 512])('gives random noise %i px wide little detail, sharp or blurred', async (size) => {
    const random = seededRandom(size);
    for (const blur of [0, 0.5, 1, 2]) expect(await imageDetail(await noisePng(random, size, blur))).toBeLessThan(0.2);
  });

  it('gives noise over part of a picture little detail too', async () => {
    expect(await imageDetail(await halfNoisePng(seededRandom(5), 128))).toBeLessThan(0.2);
  });

  it('gives busy shapes and photo-like pictures the detail they had', async () => {
    const random = seededRandom(7);
    for (let i = 0; i < 4; i += 1) {
      expect(await imageDetail(await svgToPng(shapesSvg(random, 128, randomInt(random, 20, 80))))).toBeGreaterThan(0.45);
      expect(await imageDetail(await photoLike(random, 256))).toBeGreaterThan(0.3);
    }
  });

  it('keeps a picture with grain about as detailed as without', async () => {
    const svg = shapesSvg(seededRandom(11), 256, 30);
    const clean = await imageDetail(await svgToPng(svg));
    const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
    const random = seededRandom(12);
    for (let i = 0; i < data.length; i += 1) data[i] = Math.max(0, Math.min(255, data[i]! + randomInt(random, -12, 12)));
    const grainy = await imageDetail(await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).png().toBuffer());
    expect(Math.abs(grainy - clean)).toBeLessThan(0.08);
  });

  it('ranks flat, smooth and soft pictures below busy ones', async () => {
    const random = seededRandom(3);
    const flat = await imageDetail(await solidPng(128, '#3366CC'));
    const gradient = await imageDetail(await svgToPng(gradientSvg(128, '#112233', '#DDEEFF', 45)));
    const landscape = await imageDetail(await sharp(Buffer.from(landscapeSvg(random, 256))).blur(1).png().toBuffer());
    const busy = await imageDetail(await svgToPng(shapesSvg(random, 128, 60)));
    expect(flat).toBe(0);
    // A gradient has every tone and no edge: the tones' share of the score at most.
    expect(gradient).toBeLessThanOrEqual(0.4);
    expect(landscape).toBeGreaterThan(0.15);
    expect(busy).toBeGreaterThan(Math.max(gradient, landscape));
  });

  it('measures the same picture alike at any size', async () => {
    const svg = shapesSvg(seededRandom(21), 512, 40);
    const large = await imageDetail(await svgToPng(svg));
    const small = await imageDetail(await sharp(Buffer.from(svg)).resize(160).png().toBuffer());
    expect(Math.abs(large - small)).toBeLessThan(0.1);
  });
});
