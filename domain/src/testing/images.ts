/**
 * Test support (not a test itself): deterministic randomness and small generated pictures for the
 * image pipeline and rarity tests.
 */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { randomInt } from '@pog/common';

/** The seeded randomness lives in common (the rarity corpora use it too). */
export { pick, randomInt, seededRandom } from '@pog/common';

export function randomColour(random: () => number): string {
  const channel = () => randomInt(random, 0, 255).toString(16).padStart(2, '0');
  return `#${channel()}${channel()}${channel()}`;
}

export async function solidPng(size: number, background: string): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background } }).png().toBuffer();
}

export async function svgToPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function noisePng(random: () => number, size: number, blurSigma = 0): Promise<Buffer> {
  const pixels = Buffer.alloc(size * size * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = randomInt(random, 0, 255);
  const image = sharp(pixels, { raw: { width: size, height: size, channels: 3 } });
  return (blurSigma > 0.3 ? image.blur(blurSigma) : image).png().toBuffer();
}

export function gradientSvg(size: number, from: string, to: string, angle: number): string {
  const rad = (angle * Math.PI) / 180;
  const x2 = 50 + 50 * Math.cos(rad);
  const y2 = 50 + 50 * Math.sin(rad);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
<defs><linearGradient id="g" x1="${100 - x2}%" y1="${100 - y2}%" x2="${x2}%" y2="${y2}%">
<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/></svg>`;
}

export function shapesSvg(random: () => number, size: number, count: number): string {
  const shapes: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const fill = randomColour(random);
    const x = randomInt(random, 0, size);
    const y = randomInt(random, 0, size);
    const r = randomInt(random, 3, Math.max(4, Math.round(size / (2 + count / 8))));
    shapes.push(
      random() < 0.5
        ? `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"/>`
        : `<rect x="${x - r}" y="${y - r}" width="${2 * r}" height="${r + randomInt(random, 2, 2 * r)}" fill="${fill}"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
<rect width="100%" height="100%" fill="${randomColour(random)}"/>${shapes.join('')}</svg>`;
}

export function textSvg(size: number, text: string, colour: string, background: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
<rect width="100%" height="100%" fill="${background}"/>
<text x="50%" y="55%" font-family="sans-serif" font-size="${Math.round(size / 4)}" font-weight="bold" fill="${colour}" text-anchor="middle">${text}</text></svg>`;
}

/**
 * A PNG that claims width × height in its header but holds almost no data: enough for a decoder
 * to learn the dimensions (and for a careless one to allocate them) without us building the image.
 */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
