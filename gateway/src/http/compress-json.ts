/**
 * JSON answers above a threshold are compressed, brotli or gzip as the client's Accept-Encoding
 * prefers (lists of players and POGs shrink several times over). Only bodies that are objects or
 * arrays are touched: files, streams and Socket.IO (which never passes through Koa) are left alone.
 */
import { Stream } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Middleware } from 'koa';

/** Below this many bytes compressing costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const encoders = {
  // Quality 4: most of brotli's gain at a fraction of its default (11) cost per answer.
  br: (raw: Buffer) => brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
  gzip: (raw: Buffer) => gzip(raw, { level: 6 }),
} as const;

const isJsonBody = (body: unknown): body is object => typeof body === 'object' && body !== null && !Buffer.isBuffer(body) && !(body instanceof Stream);

export function compressJson(threshold = COMPRESS_THRESHOLD_BYTES): Middleware {
  return async (ctx, next) => {
    await next();
    const body: unknown = ctx.body;
    if (!isJsonBody(body) || ctx.response.get('Content-Encoding')) return;
    ctx.vary('Accept-Encoding');
    const raw = Buffer.from(JSON.stringify(body));
    // Brotli whenever the client takes it (browsers list it after gzip at the same weight).
    const encoding = raw.length < threshold ? undefined : (['br', 'gzip'] as const).find((name) => ctx.acceptsEncodings(name) === name);
    if (!encoding) {
      ctx.body = raw;
      return;
    }
    ctx.body = await encoders[encoding](raw);
    ctx.set('Content-Encoding', encoding);
  };
}
