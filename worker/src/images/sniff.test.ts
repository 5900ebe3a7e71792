import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sniffImageType } from './sniff';

const image = sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366ff' } });

describe('sniffImageType', () => {
  it.each([
    ['jpeg', () => image.clone().jpeg().toBuffer()],
    ['png', () => image.clone().png().toBuffer()],
    ['gif', () => image.clone().gif().toBuffer()],
    ['webp', () => image.clone().webp().toBuffer()],
  ] as const)('recognizes a real %s', async (type, encode) => {
    expect(sniffImageType(await encode())).toBe(type);
  });

  it.each([
    ['an empty buffer', Buffer.alloc(0)],
    ['a text file', Buffer.from('just some text, named evil.png')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"></svg>')],
    ['a TIFF', Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00])],
    ['a RIFF that is not WEBP (WAV)', Buffer.from('RIFF\u0024\u0000\u0000\u0000WAVEfmt ', 'latin1')],
    ['a cut-off PNG signature', Buffer.from([0x89, 0x50, 0x4e, 0x47])],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>')],
  ])('refuses %s', (_, bytes) => {
    expect(sniffImageType(bytes)).toBeNull();
  });
});
