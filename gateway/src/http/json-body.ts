/**
 * The JSON body reader. Every limit is checked before JSON.parse and before the session is loaded:
 * the encoding and charset, the declared and the counted size (raw-body reads the body), then the
 * nesting depth in one linear pass over the text. So a hostile body costs one pass over at most `maxBytes`, never a recursion
 * (a deep body once overflowed a recursive check and 800 KB bodies froze the event loop).
 */
import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';
import getRawBody from 'raw-body';
import { AppError, ValidationError } from '@pog/common';

export interface JsonLimits {
  maxBytes: number;
  /** How deeply arrays and objects may nest; our requests need 2. */
  maxDepth: number;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

const tooLarge = (maxBytes: number) =>
  // Closing the connection spares reading the rest of a body that is refused anyway.
  new AppError('PAYLOAD_TOO_LARGE', `The request body is too large (at most ${Math.round(maxBytes / 1024)} KB).`, { status: 413, headers: { Connection: 'close' } });

const unsupported = (message: string) => new AppError('VALIDATION_ERROR', message, { status: 415 });

/** True once arrays and objects nest deeper than `limit`. Strings are skipped; invalid text fails JSON.parse later. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

/** The body's bytes, read by raw-body: a declared or counted size above `maxBytes` is refused with 413. */
async function readLimited(req: IncomingMessage, declared: number | undefined, maxBytes: number): Promise<Buffer> {
  try {
    // raw-body stops reading without destroying the request, which lets the 413 reach the client.
    return await getRawBody(req, { length: declared ?? null, limit: maxBytes });
  } catch (error) {
    if ((error as { status?: number }).status === 413) throw tooLarge(maxBytes);
    throw new ValidationError('The request body was interrupted. Please try again.');
  }
}

export function parseJsonText(text: string, maxDepth: number): unknown {
  if (nestsDeeperThan(text, maxDepth)) throw new ValidationError(`The request body is nested too deeply (at most ${maxDepth} levels).`);
  try {
    return JSON.parse(text);
  } catch {
    throw new ValidationError('The request body is not valid JSON.');
  }
}

export function jsonBody(limits: JsonLimits): Middleware {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const read: Middleware = async (ctx, next) => {
    const encoding = ctx.get('content-encoding').trim().toLowerCase();
    if (encoding !== '' && encoding !== 'identity') throw unsupported('Send the request body uncompressed (no Content-Encoding).');
    const charset = ctx.request.charset.toLowerCase();
    if (charset !== '' && charset !== 'utf-8' && charset !== 'utf8') throw unsupported('Send the request body as UTF-8 JSON.');
    const bytes = await readLimited(ctx.req, ctx.request.length, limits.maxBytes);
    let text: string;
    try {
      text = decoder.decode(bytes);
    } catch {
      throw new ValidationError('The request body is not valid UTF-8 text.');
    }
    (ctx.request as { body?: unknown }).body = text.trim() === '' ? undefined : parseJsonText(text, limits.maxDepth);
    await next();
  };
  // A request without a JSON body goes straight on, without a promise of this middleware's own.
  return (ctx, next) => (BODY_METHODS.has(ctx.method) && ctx.request.length !== 0 && ctx.is('json', '+json') ? read(ctx, next) : next());
}
