/** zod at the edge: body, params and query are parsed before any route logic runs. */
import type { Context } from 'koa';
import type { z } from 'zod';
import { ValidationError } from '@pog/common';

/** Where in this value a string holds a NUL character (PostgreSQL text cannot store one), or null. */
function nulPath(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nulPath(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const nul = nulPath(value);
  if (nul) {
    const field = nul.join('.') || 'value';
    throw new ValidationError(`${field} contains a NUL character, which is not allowed in text.`, { issues: [{ path: field, message: 'NUL characters are not allowed.' }] });
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const first = result.error.issues[0];
  // The first problem is the message a person reads; all of them go along for forms.
  throw new ValidationError(first?.message ?? 'Please check your input and try again.', {
    issues: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  });
}

export function parseBody<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  return parseOrThrow(schema, (ctx.request as { body?: unknown }).body ?? {});
}

export function parseParams<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  return parseOrThrow(schema, (ctx as unknown as { params?: unknown }).params ?? {});
}

export function parseQuery<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  return parseOrThrow(schema, ctx.query);
}
