/**
 * Test support (not used by the app): small pictures of the kinds players upload, drawn from a seed
 * so the player corpus (player-corpus.ts) is the same on every machine. No text and no fonts: only
 * pixels and plain SVG shapes, which sharp renders alike everywhere.
 *
 * - photos: landscapes (sky, sun, ridges of hills, grain), city skylines with lit windows, and
 *   close-ups (soft bokeh behind one sharp subject);
 * - drawings: outlined cartoon shapes and scribbles on a flat ground, and pixel art;
 * - plain pictures: one shape on a flat ground, or a smooth gradient.
 */
import sharp from 'sharp';
import { pick, randomInt } from '@pog/common';

type Random = () => number;
type Colour = readonly [number, number, number];

export const PICTURE_SIZE = 128;

const clampByte = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
const mix = (a: Colour, b: Colour, t: number): Colour => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const randomColour = (random: Random): Colour => [randomInt(random, 0, 255), randomInt(random, 0, 255), randomInt(random, 0, 255)];
const hex = ([r, g, b]: Colour) => `#${[r, g, b].map((v) => clampByte(v).toString(16).padStart(2, '0')).join('')}`;
const smooth = (t: number) => t * t * (3 - 2 * t);

/** Smooth value noise in 0..1: `octaves` layers of random values on ever finer grids, blended. */
function valueNoise(random: Random, size: number, cells: number, octaves: number): Float32Array {
  const result = new Float32Array(size * size);
  let amplitude = 1;
  let total = 0;
  for (let octave = 0; octave < octaves; octave += 1) {
    const n = cells * 2 ** octave;
    const grid = Float32Array.from({ length: (n + 1) * (n + 1) }, () => random());
    for (let y = 0; y < size; y += 1) {
      for (let x = 0; x < size; x += 1) {
        const gx = (x / size) * n;
        const gy = (y / size) * n;
        const ix = Math.floor(gx);
        const iy = Math.floor(gy);
        const tx = smooth(gx - ix);
        const ty = smooth(gy - iy);
        const at = (dx: number, dy: number) => grid[(iy + dy) * (n + 1) + ix + dx]!;
        const top = at(0, 0) + (at(1, 0) - at(0, 0)) * tx;
        const bottom = at(0, 1) + (at(1, 1) - at(0, 1)) * tx;
        result[y * size + x] = result[y * size + x]! + amplitude * (top + (bottom - top) * ty);
      }
    }
    total += amplitude;
    amplitude /= 2;
  }
  return result.map((value) => value / total);
}

/** A canvas of RGB pixels, encoded as a phone would send it. */
class Canvas {
  readonly pixels: Float32Array;
  constructor(readonly size: number) {
    this.pixels = new Float32Array(size * size * 3);
  }
  set(x: number, y: number, colour: Colour, alpha = 1) {
    const i = (y * this.size + x) * 3;
    for (let c = 0; c < 3; c += 1) this.pixels[i + c] = this.pixels[i + c]! * (1 - alpha) + colour[c]! * alpha;
  }
  /** Film grain: a little noise on every pixel, as a camera adds. */
  grain(random: Random, amount: number) {
    for (let i = 0; i < this.pixels.length; i += 1) this.pixels[i] = this.pixels[i]! + (random() - 0.5) * amount;
  }
  jpeg(quality = 88): Promise<Buffer> {
    const bytes = Buffer.from(Array.from(this.pixels, clampByte));
    return sharp(bytes, { raw: { width: this.size, height: this.size, channels: 3 } }).jpeg({ quality }).toBuffer();
  }
}

/** A landscape: a sky fading to the horizon, maybe a sun, two or three ridges of hills, grain. */
function landscape(random: Random, size: number): Canvas {
  const canvas = new Canvas(size);
  const skyTop = randomColour(random);
  const horizon = mix(randomColour(random), [255, 230, 200], 0.5);
  const clouds = valueNoise(random, size, 3, 4);
  const sun = random() < 0.6 ? { x: random() * size, y: random() * size * 0.4, r: 6 + random() * 12 } : null;
  const ridges = Array.from({ length: randomInt(random, 2, 3) }, (_, i) => ({
    base: size * (0.45 + 0.17 * i + 0.05 * random()),
    height: size * (0.08 + 0.12 * random()),
    line: valueNoise(random, size, 2 + i * 2, 3),
    colour: mix(randomColour(random), [20, 30, 20], 0.3 + 0.2 * i),
  }));
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      let colour = mix(skyTop, horizon, y / size);
      colour = mix(colour, [255, 255, 255], 0.35 * Math.max(0, clouds[y * size + x]! - 0.5) * 2);
      if (sun && Math.hypot(x - sun.x, y - sun.y) < sun.r) colour = mix(colour, [255, 240, 180], 0.9);
      for (const ridge of ridges) {
        if (y > ridge.base - ridge.height * ridge.line[x]!) colour = mix(ridge.colour, [0, 0, 0], ((y - ridge.base) / size) * 0.8);
      }
      canvas.set(x, y, colour);
    }
  }
  canvas.grain(random, 10);
  return canvas;
}

/** A city at dusk: buildings of many heights against a sky, their windows lit at random. */
function skyline(random: Random, size: number): Canvas {
  const canvas = new Canvas(size);
  const skyTop = mix(randomColour(random), [10, 10, 40], 0.6);
  const skyLow = mix(randomColour(random), [250, 150, 90], 0.5);
  for (let y = 0; y < size; y += 1) for (let x = 0; x < size; x += 1) canvas.set(x, y, mix(skyTop, skyLow, y / size));
  let x = 0;
  while (x < size) {
    const width = randomInt(random, 8, 22);
    const top = randomInt(random, Math.round(size * 0.2), Math.round(size * 0.75));
    const wall = mix(randomColour(random), [20, 20, 30], 0.7);
    const lit = mix([255, 220, 120], randomColour(random), 0.2);
    for (let by = top; by < size; by += 1) {
      for (let bx = x; bx < Math.min(size, x + width); bx += 1) {
        const window = (bx - x) % 4 > 1 && (by - top) % 5 > 2 && bx - x > 1 && bx < x + width - 1;
        canvas.set(bx, by, window && random() < 0.55 ? lit : wall);
      }
    }
    x += width + randomInt(random, 0, 3);
  }
  canvas.grain(random, 12);
  return canvas;
}

/** A close-up: soft out-of-focus discs of light behind one sharp, shaded subject. */
function closeUp(random: Random, size: number): Canvas {
  const canvas = new Canvas(size);
  const ground = randomColour(random);
  const blur = valueNoise(random, size, 2, 2);
  for (let y = 0; y < size; y += 1) for (let x = 0; x < size; x += 1) canvas.set(x, y, mix(ground, [0, 0, 0], 0.5 * blur[y * size + x]!));
  for (let i = randomInt(random, 6, 14); i > 0; i -= 1) {
    const cx = random() * size;
    const cy = random() * size;
    const r = 5 + random() * 14;
    const light = mix(randomColour(random), [255, 255, 255], 0.4);
    for (let y = Math.max(0, Math.floor(cy - r)); y < Math.min(size, cy + r); y += 1) {
      for (let x = Math.max(0, Math.floor(cx - r)); x < Math.min(size, cx + r); x += 1) {
        const d = Math.hypot(x - cx, y - cy) / r;
        if (d < 1) canvas.set(x, y, light, 0.45 * (1 - d * d));
      }
    }
  }
  const subject = { x: size * (0.3 + 0.4 * random()), y: size * (0.3 + 0.4 * random()), r: size * (0.15 + 0.12 * random()) };
  const colour = randomColour(random);
  const texture = valueNoise(random, size, 8, 2);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const d = Math.hypot(x - subject.x, (y - subject.y) * 1.2) / subject.r;
      if (d < 1) canvas.set(x, y, mix(colour, [0, 0, 0], 0.6 * d + 0.3 * texture[y * size + x]!));
    }
  }
  canvas.grain(random, 8);
  return canvas;
}

export type PhotoKind = 'landscape' | 'skyline' | 'close-up';

export function photo(random: Random, kind: PhotoKind = pick(random, ['landscape', 'skyline', 'close-up'] as const)): Promise<Buffer> {
  const maker = kind === 'landscape' ? landscape : kind === 'skyline' ? skyline : closeUp;
  return maker(random, PICTURE_SIZE).jpeg(randomInt(random, 75, 92));
}

function svgPng(body: string, background: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PICTURE_SIZE}" height="${PICTURE_SIZE}"><rect width="100%" height="100%" fill="${background}"/>${body}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A cartoon: a few outlined shapes in flat colours, some strokes and scribbles. */
export function drawing(random: Random): Promise<Buffer> {
  const size = PICTURE_SIZE;
  const stroke = random() < 0.7 ? '#111111' : hex(randomColour(random));
  const width = randomInt(random, 2, 4);
  const shapes: string[] = [];
  for (let i = randomInt(random, 3, 9); i > 0; i -= 1) {
    const fill = hex(randomColour(random));
    const x = randomInt(random, 10, size - 10);
    const y = randomInt(random, 10, size - 10);
    const r = randomInt(random, 6, 30);
    const kind = random();
    if (kind < 0.4) shapes.push(`<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" stroke="${stroke}" stroke-width="${width}"/>`);
    else if (kind < 0.7) shapes.push(`<rect x="${x - r}" y="${y - r}" width="${r * 2}" height="${randomInt(random, r, r * 2)}" rx="${randomInt(random, 0, 6)}" fill="${fill}" stroke="${stroke}" stroke-width="${width}"/>`);
    else {
      const points = Array.from({ length: randomInt(random, 3, 6) }, () => `${x + randomInt(random, -r, r)},${y + randomInt(random, -r, r)}`).join(' ');
      shapes.push(`<polygon points="${points}" fill="${fill}" stroke="${stroke}" stroke-width="${width}"/>`);
    }
  }
  for (let i = randomInt(random, 0, 4); i > 0; i -= 1) {
    const points = Array.from({ length: randomInt(random, 4, 10) }, () => `${randomInt(random, 0, size)},${randomInt(random, 0, size)}`).join(' ');
    shapes.push(`<polyline points="${points}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linejoin="round"/>`);
  }
  return svgPng(shapes.join(''), hex(mix(randomColour(random), [255, 255, 255], 0.5)));
}

/** Pixel art: a 16 × 16 sprite in a small palette, mirrored like a character, scaled up sharp. */
export function pixelArt(random: Random): Promise<Buffer> {
  const cells = 16;
  const scale = PICTURE_SIZE / cells;
  const palette = [hex(mix(randomColour(random), [255, 255, 255], 0.6)), ...Array.from({ length: 4 }, () => hex(randomColour(random)))];
  const rects: string[] = [];
  for (let y = 0; y < cells; y += 1) {
    for (let x = 0; x < cells / 2; x += 1) {
      const inside = Math.hypot(x - cells / 2 + 0.5, y - cells / 2 + 0.5) < cells / 2 - 1;
      const colour = inside && random() < 0.75 ? pick(random, palette.slice(1)) : palette[0]!;
      for (const cx of [x, cells - 1 - x]) rects.push(`<rect x="${cx * scale}" y="${y * scale}" width="${scale}" height="${scale}" fill="${colour}"/>`);
    }
  }
  return svgPng(rects.join(''), palette[0]!);
}

/** One shape on a flat ground (a quick logo), or a smooth two-colour gradient. */
export function plainPicture(random: Random): Promise<Buffer> {
  const a = hex(randomColour(random));
  const b = hex(randomColour(random));
  if (random() < 0.5) return svgPng(`<circle cx="64" cy="64" r="${randomInt(random, 20, 50)}" fill="${b}"/>`, a);
  const gradient = `<defs><linearGradient id="g" x2="${randomInt(random, 0, 1)}" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>`;
  return svgPng(gradient, a);
}

/** The same picture sent again by someone else: resized and re-compressed on the way. */
export function reupload(random: Random, source: Buffer): Promise<Buffer> {
  return sharp(source).resize(randomInt(random, 96, 128)).jpeg({ quality: randomInt(random, 60, 90) }).toBuffer();
}
