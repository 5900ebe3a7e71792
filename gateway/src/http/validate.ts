/** zod at the edge: body, params and query are parsed before any route logic runs. */
import type { Context } from 'koa';
import type { z } from 'zod';
import { ValidationError } from '@pog/common';

function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
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
