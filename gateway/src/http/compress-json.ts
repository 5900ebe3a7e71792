/**
 * JSON answers above a threshold are compressed, brotli or gzip as the client's Accept-Encoding
 * allows (lists of players and POGs shrink several times over), with Node's zlib in one call each.
 * Only bodies that are objects or arrays are touched: files, streams, pages and Socket.IO (which
 * never passes through Koa) are left alone (the web build's files are sent precompressed).
 */
import { Stream } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context, Middleware } from 'koa';
import { SerializedJson } from './serialized-json';

/** Below this many bytes compressing costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Quality 4: most of brotli's gain at a fraction of its default (11) cost per answer. */
const BROTLI: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP: zlib.ZlibOptions = { level: 6 };

/**
 * Up to this size an answer is compressed in the request's own turn of the event loop: zlib's
 * asynchronous call sets up a stream and a trip to the thread pool, about 100 µs of the loop's CPU
 * whatever the size, several times what compressing a few KiB costs (a 16 KiB answer takes under
 * 0.1 ms). A larger one goes to the thread pool, so the loop serves others meanwhile.
 */
export const COMPRESS_IN_LOOP_BYTES = 16 * 1024;

type Encoder = (raw: Buffer) => Buffer | Promise<Buffer>;

const encoders: Record<'br' | 'gzip', Encoder> = {
  br: (raw) => (raw.length <= COMPRESS_IN_LOOP_BYTES ? zlib.brotliCompressSync(raw, BROTLI) : promisify(zlib.brotliCompress)(raw, BROTLI)),
  gzip: (raw) => (raw.length <= COMPRESS_IN_LOOP_BYTES ? zlib.gzipSync(raw, GZIP) : promisify(zlib.gzip)(raw, GZIP)),
};

const isJsonBody = (body: unknown): body is object => typeof body === 'object' && body !== null && !Buffer.isBuffer(body) && !(body instanceof Stream);

/** Brotli whenever the client takes it (browsers list it after gzip at the same weight). */
const ENCODINGS = ['br', 'gzip'] as const;

/**
 * Readies the answer: anything but a JSON value is left as it is. A JSON value is serialised here
 * and compressed in one call (koa-compress would pipe it through a zlib stream, whose machinery
 * costs the event loop several times the compression itself on answers of a few KB); an answer
 * kept serialised is sent as its bytes, each encoding made once and kept with it. A promise only
 * while compressing in the thread pool, or the first time a kept answer is encoded.
 */
function prepare(ctx: Context, threshold: number): Promise<void> | undefined {
  const body: unknown = ctx.body;
  if (!isJsonBody(body)) return;
  const text = body instanceof SerializedJson ? body.text : JSON.stringify(body);
  const size = body instanceof SerializedJson ? body.byteLength : Buffer.byteLength(text);
  const encoding = size < threshold ? undefined : ENCODINGS.find((name) => ctx.acceptsEncodings(name) === name);
  // The JSON type stays: it was set when the value became the body. Sent as text, Node writes the
  // headers and the answer in one piece (a Buffer goes after the headers, as a second one).
  if (!encoding) {
    ctx.body = text;
    return;
  }
  const send = (encoded: Buffer) => {
    ctx.body = encoded;
    ctx.set('Content-Encoding', encoding);
  };
  if (body instanceof SerializedJson) return body.encodedAs(encoding, async (raw) => encoders[encoding](raw)).then(send);
  const encoded = encoders[encoding](Buffer.from(text));
  if (encoded instanceof Promise) return encoded.then(send);
  send(encoded);
}

export function compressJson(threshold = COMPRESS_THRESHOLD_BYTES): Middleware {
  // Not async: an answer sent as it is costs no promise here beyond the downstream's.
  return (ctx, next) => {
    // Every answer may differ by Accept-Encoding, errors and files included, so caches keep them apart.
    ctx.vary('Accept-Encoding');
    return next().then(() => prepare(ctx, threshold));
  };
}
