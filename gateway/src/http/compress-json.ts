/**
 * JSON answers above a threshold are compressed, brotli or gzip as the client's Accept-Encoding
 * prefers (lists of players and POGs shrink several times over). Only bodies that are objects or
 * arrays are touched: files, streams and Socket.IO (which never passes through Koa) are left alone.
 */
import { Stream } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Middleware } from 'koa';
import { SerializedJson } from './serialized-json';

/** Below this many bytes compressing costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Below this many bytes an answer is compressed on the spot: a few tens of microseconds, less than
 * handing it to the thread pool and back costs. Larger ones go to the pool.
 */
export const COMPRESS_INLINE_BYTES = 64 * 1024;

/**
 * Brotli's window fitted to the body (never below its minimum, 2^10): a window larger than the body
 * compresses it no better, and setting one up (2^22 by default) cost most of a small answer's time.
 */
const brotliWindow = (bytes: number) => Math.min(zlib.constants.BROTLI_MAX_WINDOW_BITS, Math.max(zlib.constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes + 16))));

const brotliOptions = (raw: Buffer): zlib.BrotliOptions => ({
  // Quality 4: most of brotli's gain at a fraction of its default (11) cost per answer.
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindow(raw.length),
  },
});

const encoders = {
  br: async (raw: Buffer) => (raw.length <= COMPRESS_INLINE_BYTES ? zlib.brotliCompressSync(raw, brotliOptions(raw)) : brotli(raw, brotliOptions(raw))),
  gzip: async (raw: Buffer) => (raw.length <= COMPRESS_INLINE_BYTES ? zlib.gzipSync(raw, { level: 6 }) : gzip(raw, { level: 6 })),
} as const;

const isJsonBody = (body: unknown): body is object => typeof body === 'object' && body !== null && !Buffer.isBuffer(body) && !(body instanceof Stream);

export function compressJson(threshold = COMPRESS_THRESHOLD_BYTES): Middleware {
  return async (ctx, next) => {
    await next();
    const body: unknown = ctx.body;
    if (!isJsonBody(body) || ctx.response.get('Content-Encoding')) return;
    ctx.vary('Accept-Encoding');
    const serialized = body instanceof SerializedJson;
    const raw = serialized ? body.bytes : Buffer.from(JSON.stringify(body));
    // Brotli whenever the client takes it (browsers list it after gzip at the same weight).
    const encoding = raw.length < threshold ? undefined : (['br', 'gzip'] as const).find((name) => ctx.acceptsEncodings(name) === name);
    if (!encoding) {
      ctx.body = raw;
      return;
    }
    ctx.body = await (serialized ? body.encodedAs(encoding, encoders[encoding]) : encoders[encoding](raw));
    ctx.set('Content-Encoding', encoding);
  };
}
