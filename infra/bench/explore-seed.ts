/**
 * The Explore page the phone benchmarks load (lighthouse.ts): one player who
 * uploads pictures through the real upload path (so the worker makes their sized copies) and POGs
 * showing them, in every POG font. The player's cookies are those the server set at registration.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { POG_FONTS } from '@pog/common';
import type { ServerProcess } from './processes';
import { seededRandom, seedPogs, type ScratchDatabase } from './scratch-db';

export interface Cookie {
  name: string;
  value: string;
}

/** A picture with shapes and texture, as players upload: distinct per seed. */
async function picture(seed: number): Promise<Buffer> {
  const random = seededRandom(seed);
  const colour = () => `#${Math.floor(random() * 0xffffff).toString(16).padStart(6, '0')}`;
  const shapes = Array.from({ length: 14 }, () => {
    const [x, y, r] = [random() * 1200, random() * 1200, 60 + random() * 260];
    return random() < 0.5 ? `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour()}"/>` : `<rect x="${x - r}" y="${y - r}" width="${r * 1.6}" height="${r}" fill="${colour()}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200"><rect width="1200" height="1200" fill="${colour()}"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).blur(1.2).jpeg({ quality: 88 }).toBuffer();
}

async function register(baseUrl: string): Promise<{ id: number; cookie: string; cookies: Cookie[] }> {
  const response = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify({ username: `bench_${randomBytes(4).toString('hex')}`, password: randomBytes(12).toString('base64url') }),
  });
  if (!response.ok) throw new Error(`POST /api/register answered ${response.status}: ${await response.text()}`);
  const user = (await response.json()) as { id: number };
  const cookies = response.headers.getSetCookie().map((c) => {
    const pair = c.split(';')[0]!;
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
  return { id: user.id, cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '), cookies };
}

async function upload(baseUrl: string, cookie: string, jpeg: Buffer): Promise<string> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'picture.jpg');
  const response = await fetch(`${baseUrl}/api/upload`, { method: 'POST', headers: { Cookie: cookie, Origin: baseUrl }, body: form });
  const body = (await response.json()) as { url?: string };
  if (response.status !== 201 || !body.url) throw new Error(`POST /api/upload answered ${response.status}: ${JSON.stringify(body)}`);
  return body.url;
}

/** One player, `pictures` uploads, `pogs` POGs showing them in every font. */
export async function seedExplore(app: ServerProcess, scratch: ScratchDatabase, { pogs, pictures }: { pogs: number; pictures: number }): Promise<{ cookies: Cookie[] }> {
  const player = await register(app.url);
  const urls: string[] = [];
  for (let i = 0; i < pictures; i++) urls.push(await upload(app.url, player.cookie, await picture(i + 1)));
  await seedPogs(scratch.client, { userIds: [player.id], hashes: Array.from({ length: pogs }, () => null) });
  await scratch.client.query(
    `UPDATE pogs SET image_url = ($1::text[])[1 + id % cardinality($1::text[])],
                     font_family = ($2::text[])[1 + id % cardinality($2::text[])]`,
    [urls, [...POG_FONTS]],
  );
  return { cookies: player.cookies };
}

