import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_IN_LOOP_BYTES, COMPRESS_THRESHOLD_BYTES, compressJson } from './compress-json';
import { SerializedJson } from './serialized-json';

const big = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, username: `player_${i + 1}`, pogCount: i % 7 }));
const small = { ok: true };
/** zlib's default chunk: a stream compresses a larger answer in several pieces. */
const ZLIB_CHUNK_BYTES = 16 * 1024;
/** An answer several chunks long. */
const huge = Array.from({ length: 3000 }, (_, i) => ({ id: i + 1, username: `player_${i + 1}`, note: `note ${i * 7919}` }));
/** An answer kept serialised and sent again (routes/pog-list-answers.ts). */
const kept = new SerializedJson(big);

/** A raw GET, so that this test (not the HTTP client) chooses Accept-Encoding and sees the bytes sent. */
function get(url: string, acceptEncoding?: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
  });
}

describe('compressJson', () => {
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    const koa = new Koa();
    koa.use(compressJson());
    koa.use(async (ctx) => {
      if (ctx.path === '/big') ctx.body = big;
      else if (ctx.path === '/huge') ctx.body = huge;
      else if (ctx.path === '/small') ctx.body = small;
      else if (ctx.path === '/kept') ctx.body = kept;
      else if (ctx.path === '/stream') {
        ctx.type = 'text/plain';
        ctx.body = Readable.from(['x'.repeat(4000)]);
      }
    });
    server = koa.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends a large JSON answer brotli-compressed when the client takes br, and it decodes to the same JSON', async () => {
    // Compressed in the event loop's turn (the thread pool's path is the next test's).
    expect(JSON.stringify(big).length).toBeLessThanOrEqual(COMPRESS_IN_LOOP_BYTES);
    const { headers, body } = await get(`${base}/big`, 'gzip, deflate, br');
    expect(headers['content-encoding']).toBe('br');
    expect(headers['content-type']).toMatch(/^application\/json/);
    expect(headers.vary).toMatch(/Accept-Encoding/i);
    expect(body.length).toBeLessThan(JSON.stringify(big).length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(body).toString('utf8'))).toEqual(big);
  });

  it('compresses answers many zlib chunks long too, both encodings', async () => {
    expect(JSON.stringify(huge).length).toBeGreaterThan(Math.max(4 * ZLIB_CHUNK_BYTES, COMPRESS_IN_LOOP_BYTES));
    const br = await get(`${base}/huge`, 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString('utf8'))).toEqual(huge);
    const gzip = await get(`${base}/huge`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.body).toString('utf8'))).toEqual(huge);
  });

  it('falls back to gzip when brotli is not accepted (or refused with q=0)', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip']) {
      const { headers, body } = await get(`${base}/big`, accept);
      expect(headers['content-encoding'], accept).toBe('gzip');
      expect(JSON.parse(zlib.gunzipSync(body).toString('utf8'))).toEqual(big);
    }
  });

  it('sends plain JSON to a client that accepts no compression', async () => {
    for (const accept of [undefined, 'identity']) {
      const { headers, body } = await get(`${base}/big`, accept);
      expect(headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(body.toString('utf8'))).toEqual(big);
    }
  });

  it('leaves answers under the threshold uncompressed', async () => {
    expect(JSON.stringify(small).length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    const { headers, body } = await get(`${base}/small`, 'br, gzip');
    expect(headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(body.toString('utf8'))).toEqual(small);
  });

  it('never touches a streamed answer', async () => {
    const { headers, body } = await get(`${base}/stream`, 'br, gzip');
    expect(headers['content-encoding']).toBeUndefined();
    expect(body.toString('utf8')).toBe('x'.repeat(4000));
  });

  it('sends a serialised answer as its bytes, each encoding compressed once however often it is sent', async () => {
    const encodes = { br: 0, gzip: 0 };
    const encodedAs = kept.encodedAs.bind(kept);
    kept.encodedAs = (encoding, encode) => encodedAs(encoding, (raw) => (encodes[encoding as 'br' | 'gzip']++, encode(raw)));
    for (let round = 0; round < 2; round++) {
      const br = await get(`${base}/kept`, 'br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/^application\/json/);
      expect(br.headers.vary).toMatch(/Accept-Encoding/i);
      expect(Number(br.headers['content-length'])).toBe(br.body.length);
      expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString('utf8'))).toEqual(big);
      const gzip = await get(`${base}/kept`, 'gzip');
      expect(JSON.parse(zlib.gunzipSync(gzip.body).toString('utf8'))).toEqual(big);
      const plain = await get(`${base}/kept`);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toMatch(/^application\/json/);
      expect(plain.body.equals(Buffer.from(JSON.stringify(big)))).toBe(true);
    }
    expect(encodes).toEqual({ br: 1, gzip: 1 });
  });
});
