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

const encoders = {
  br: (raw: Buffer) => promisify(zlib.brotliCompress)(raw, BROTLI),
  gzip: (raw: Buffer) => promisify(zlib.gzip)(raw, GZIP),
} as const;

const isJsonBody = (body: unknown): body is object => typeof body === 'object' && body !== null && !Buffer.isBuffer(body) && !(body instanceof Stream);

/** Brotli whenever the client takes it (browsers list it after gzip at the same weight). */
const ENCODINGS = ['br', 'gzip'] as const;

/**
 * Readies the answer: anything but a JSON value is left as it is. A JSON value is serialised here
 * and compressed in one call (koa-compress would pipe it through a zlib stream, whose machinery
 * costs the event loop several times the compression itself on answers of a few KB); an answer
 * kept serialised is sent as its bytes, each encoding made once and kept with it. A promise only
 * while compressing.
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
  return (body instanceof SerializedJson ? body.encodedAs(encoding, encoders[encoding]) : encoders[encoding](Buffer.from(text))).then((encoded) => {
    ctx.body = encoded;
    ctx.set('Content-Encoding', encoding);
  });
}

export function compressJson(threshold = COMPRESS_THRESHOLD_BYTES): Middleware {
  // Not async: an answer sent as it is costs no promise here beyond the downstream's.
  return (ctx, next) => {
    // Every answer may differ by Accept-Encoding, errors and files included, so caches keep them apart.
    ctx.vary('Accept-Encoding');
    return next().then(() => prepare(ctx, threshold));
  };
}
