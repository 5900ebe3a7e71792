import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { AppError, hammingDistance, HAMMING_FLAG_DISTANCE, UPLOAD } from '@pog/common';
import { assertUploadSize, INVALID_TYPE_MESSAGE, processUpload } from './process-image';
import { gradientSvg, noisePng, pngHeaderOnly, seededRandom, shapesSvg, solidPng, svgToPng, textSvg } from '@pog/domain/testing/images';

async function refusal(input: Buffer): Promise<AppError> {
  const error = await processUpload(input).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.code).toBe('VALIDATION_ERROR');
  expect(appError.status).toBe(400);
  return appError;
}

describe('processUpload: hostile and broken input', () => {
  it('refuses a text file named .png with the spec message', async () => {
    expect((await refusal(Buffer.from('this is not a picture'))).message).toBe(
      'Please select a valid image file (JPEG, PNG, GIF, or WEBP)',
    );
  });

  it('refuses an SVG (scripts, external references) even though sharp could render it', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    expect((await refusal(svg)).message).toBe(INVALID_TYPE_MESSAGE);
  });

  it('refuses a 20000 × 20000 PNG from its header, before decoding', async () => {
    const started = Date.now();
    expect((await refusal(pngHeaderOnly(20_000, 20_000))).message).toBe('Image is too large: at most 50 megapixels');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('accepts exactly the pixel limit in the header but still reports a broken body as damaged', async () => {
    // 10000 × 5000 = 50 MP is allowed by the limit; the crafted body holds no real rows.
    expect((await refusal(pngHeaderOnly(10_000, 5_000))).message).toBe('The image file is damaged or incomplete');
  });

  it('refuses a truncated JPEG', async () => {
    const jpeg = await sharp(await noisePng(seededRandom(1), 300)).jpeg().toBuffer();
    expect((await refusal(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).message).toBe('The image file is damaged or incomplete');
  });

  it('refuses a PNG signature followed by garbage', async () => {
    const bytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('garbage'.repeat(20))]);
    expect((await refusal(bytes)).message).toBe('The image file is damaged or incomplete');
  });

  it('has a size check for the gateway', () => {
    expect(() => assertUploadSize(UPLOAD.maxBytes)).not.toThrow();
    expect(() => assertUploadSize(UPLOAD.maxBytes + 1)).toThrow('Image size should be less than 25MB');
  });
});

describe('processUpload: output', () => {
  it('shrinks to at most 1024 px a side, keeps the aspect ratio and never enlarges', async () => {
    const wide = await processUpload(await solidPng(100, '#123456').then((png) => sharp(png).resize(2400, 1200, { fit: 'fill' }).png().toBuffer()));
    expect([wide.width, wide.height]).toEqual([1024, 512]);
    const small = await processUpload(await solidPng(300, '#123456'));
    expect([small.width, small.height]).toEqual([300, 300]);
    const meta = await sharp(wide.buffer).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([1024, 512, 'jpeg']);
  });

  it('strips EXIF and other metadata and turns the picture upright', async () => {
    // 200 wide × 100 high, stored with EXIF orientation 6 ("rotate 90° clockwise to view").
    const input = await sharp(await svgToPng(gradientSvg(200, '#ff0000', '#0000ff', 0)))
      .resize(200, 100, { fit: 'fill' })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'secret camera owner', Make: 'PogCam' } })
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();

    const output = await processUpload(input);
    const meta = await sharp(output.buffer).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([output.width, output.height]).toEqual([100, 200]);
  });

  it('keeps transparency as WEBP and encodes opaque pictures (even with an alpha channel) as JPEG', async () => {
    const transparent = await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const opaqueWithAlpha = await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } } })
      .png()
      .toBuffer();
    const a = await processUpload(transparent);
    expect([a.format, a.extension, (await sharp(a.buffer).metadata()).hasAlpha]).toEqual(['webp', 'webp', true]);
    const b = await processUpload(opaqueWithAlpha);
    expect([b.format, b.extension, (await sharp(b.buffer).metadata()).hasAlpha]).toEqual(['jpeg', 'jpg', false]);
  });

  it('takes the first frame of an animated GIF', async () => {
    const frames = await Promise.all(['#ff0000', '#00ff00', '#0000ff'].map((colour) => solidPng(40, colour)));
    const strip = await sharp(frames, { join: { animated: true } }).gif().toBuffer();
    expect((await sharp(strip).metadata()).pages).toBe(3);
    const output = await processUpload(strip);
    expect([output.width, output.height]).toEqual([40, 40]);
    const { dominant } = await sharp(output.buffer).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.g).toBeLessThan(60);
  });

  it('accepts greyscale and 16-bit input', async () => {
    const grey = await sharp(await noisePng(seededRandom(3), 64)).greyscale().png().toBuffer();
    expect((await processUpload(grey)).format).toBe('jpeg');
    const deep = await sharp(await solidPng(64, '#336699')).toColourspace('rgb16').png().toBuffer();
    expect((await processUpload(deep)).format).toBe('jpeg');
  });

  it('gives the same picture, resized and re-encoded, a near-identical hash, and other pictures distant ones', async () => {
    const random = seededRandom(11);
    const original = await svgToPng(shapesSvg(random, 512, 15));
    const reupload = await sharp(original).resize(300).jpeg({ quality: 70 }).toBuffer();
    const other = await svgToPng(shapesSvg(random, 512, 15));
    const [a, b, c] = await Promise.all([original, reupload, other].map(processUpload));
    expect(a!.hash).toMatch(/^[0-9a-f]{16}$/);
    expect(hammingDistance(a!.hash, b!.hash)).toBeLessThanOrEqual(HAMMING_FLAG_DISTANCE);
    expect(hammingDistance(a!.hash, c!.hash)).toBeGreaterThan(HAMMING_FLAG_DISTANCE);
  });

  it('measures more detail in busier pictures', async () => {
    const random = seededRandom(8);
    const inputs = [
      await solidPng(128, '#808080'),
      await svgToPng(textSvg(128, 'POG', '#ffffff', '#000000')),
      await svgToPng(gradientSvg(128, '#000000', '#ffffff', 45)),
      await svgToPng(shapesSvg(random, 128, 60)),
      await noisePng(random, 128),
    ];
    const [solid, text, gradient, shapes, noise] = await Promise.all(inputs.map(async (input) => (await processUpload(input)).detail));
    expect(solid).toBeLessThan(0.05);
    expect(text).toBeGreaterThan(solid!);
    // A smooth gradient has every shade (high entropy) but hardly an edge: middling.
    expect(gradient).toBeGreaterThan(solid!);
    expect(gradient).toBeLessThan(shapes!);
    expect(text).toBeLessThan(shapes!);
    // Random noise is busy pixel by pixel but has no structure: less than the shapes, less than text.
    expect(noise).toBeLessThan(text!);
    expect(noise).toBeLessThan(0.2);
  });
});
