/**
 * Issue 3's upload path: `POST /api/upload` of a 12-megapixel photo (4000×3000 JPEG) until the
 * answer, which comes once the worker has checked, re-encoded (1024 px), hashed and stored it.
 * Goal: p95 <= 500 ms.
 *
 *   npx tsx infra/bench/upload.ts [--samples 30] [--external]
 *
 * Requests are sequential, from this process (each waits for its answer, so the generator is idle
 * while the app works). By default the app runs embedded (PGlite, in-process jobs); --external
 * gives it a scratch PostgreSQL database on 127.0.0.1:5432 (dropped at the end) and Redis at
 * REDIS_URL or redis://127.0.0.1:6379 for BullMQ (its keys, under a random prefix, are removed).
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { percentile } from './load';
import { describeLoad, describeMachine } from './machine';
import { startApp } from './processes';
import { createScratchDatabase, type ScratchDatabase } from './scratch-db';

const { values } = parseArgs({ options: { samples: { type: 'string', default: '30' }, external: { type: 'boolean', default: false } } });
const SAMPLES = Math.min(200, Number(values.samples));
const WARMUP = 2;
const WIDTH = 4000;
const HEIGHT = 3000;
const GOAL_P95_MS = 500;

const RAW = { width: WIDTH, height: HEIGHT, channels: 3 } as const;

/** Camera-like grain, made once and laid over every picture. */
let grain: Promise<Buffer> | undefined;
const grainLayer = () => (grain ??= sharp({ create: { ...RAW, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 24 } } }).raw().toBuffer());

/**
 * Photo-like content: a smooth colour field (random 40×30 pixels scaled up with a cubic kernel)
 * under fine grain, so JPEG size and decoding work resemble a camera picture rather than a flat
 * test card. Each sample gets its own colour field, so no cache can help.
 */
async function photo(): Promise<Buffer> {
  const field = await sharp(randomBytes(40 * 30 * 3), { raw: { width: 40, height: 30, channels: 3 } })
    .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  return sharp(field, { raw: RAW })
    .composite([{ input: await grainLayer(), raw: RAW, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function register(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify({ username: `bench_${randomBytes(4).toString('hex')}`, password: randomBytes(12).toString('base64url') }),
  });
  if (!response.ok) throw new Error(`POST /api/register answered ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
}

async function upload(baseUrl: string, cookie: string, jpeg: Buffer): Promise<number> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/upload`, { method: 'POST', headers: { Cookie: cookie, Origin: baseUrl }, body: form });
  const body = (await response.json()) as { url?: string; width?: number; height?: number };
  const ms = performance.now() - started;
  if (response.status !== 201 || body.width !== 1024 || body.height !== 768) throw new Error(`POST /api/upload answered ${response.status}: ${JSON.stringify(body)}`);
  return ms;
}

async function main(): Promise<void> {
  console.log(describeMachine());
  console.log(`before: ${describeLoad()}`);
  console.log(`making ${WARMUP + SAMPLES} pictures (about a second each)...`);
  const pictures: Buffer[] = [];
  for (let i = 0; i < WARMUP + SAMPLES; i++) pictures.push(await photo());
  const meanMiB = pictures.reduce((sum, p) => sum + p.length, 0) / pictures.length / 1024 ** 2;
  let scratch: ScratchDatabase | undefined;
  if (values.external) scratch = await createScratchDatabase('upload');
  try {
    const app = await startApp({
      nodeEnv: 'production',
      databaseUrl: scratch?.url,
      redisUrl: values.external ? (process.env.REDIS_URL ?? 'redis://127.0.0.1:6379') : undefined,
    });
    try {
      const cookie = await register(app.url);
      const latencies: number[] = [];
      for (const [i, jpeg] of pictures.entries()) {
        const ms = await upload(app.url, cookie, jpeg);
        if (i >= WARMUP) latencies.push(ms);
      }
      latencies.sort((a, b) => a - b);
      const f = (n: number) => n.toFixed(0);
      const p95 = percentile(latencies, 95);
      console.log(`${values.external ? `PostgreSQL ${scratch!.name} + BullMQ on Redis` : 'embedded (PGlite, in-process jobs)'}`);
      console.log(`POST /api/upload, ${WIDTH}×${HEIGHT} JPEG (mean ${meanMiB.toFixed(1)} MiB), sequential, ${latencies.length} samples after ${WARMUP} warm-up:`);
      console.log(`  p50 ${f(percentile(latencies, 50))} ms  p95 ${f(p95)} ms  max ${f(latencies.at(-1)!)} ms  (goal p95 <= ${GOAL_P95_MS} ms: ${p95 <= GOAL_P95_MS ? 'met' : 'MISSED'})`);
    } catch (error) {
      console.error(`app output:\n${app.output()}`);
      throw error;
    } finally {
      await app.stop();
    }
  } finally {
    await scratch?.drop();
  }
}

main()
  .then(() => console.log(`after: ${describeLoad()}`))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
