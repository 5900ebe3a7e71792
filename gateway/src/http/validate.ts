/** zod at the edge: body, params and query are parsed before any route logic runs. */
import type { Context } from 'koa';
import type { z } from 'zod';
import { ValidationError } from '@pog/common';

/** A key that would reach an object's prototype if the value were ever merged into another object. */
const PROTOTYPE_KEY = '__proto__';

interface Found {
  path: string;
  problem: 'nul' | 'prototype';
}

/**
 * The first string holding a NUL character (PostgreSQL text cannot store one) or `__proto__` key in
 * this value. Iterative, and it builds a path only for what it finds: the body parser has already
 * bounded the depth, but a walk must never be where a hostile body costs time or stack.
 */
function findForbidden(root: unknown): Found | null {
  type Node = { value: unknown; key: string; parent: Node | null };
  const pathOf = (node: Node) => {
    const keys: string[] = [];
    for (let n: Node | null = node; n && n.parent; n = n.parent) keys.unshift(n.key);
    return keys.join('.') || 'value';
  };
  const stack: Node[] = [{ value: root, key: '', parent: null }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const { value } = node;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { path: pathOf(node), problem: 'nul' };
    } else if (typeof value === 'object' && value !== null) {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i]!;
        const child = { value: item, key, parent: node };
        if (key === PROTOTYPE_KEY) return { path: pathOf(child), problem: 'prototype' };
        if (key.includes('\u0000')) return { path: pathOf(node), problem: 'nul' };
        stack.push(child);
      }
    }
  }
  return null;
}

function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const found = findForbidden(value);
  if (found?.problem === 'nul') {
    throw new ValidationError(`${found.path} contains a NUL character, which is not allowed in text.`, { issues: [{ path: found.path, message: 'NUL characters are not allowed.' }] });
  }
  if (found) {
    throw new ValidationError(`${found.path} is not an allowed field name.`, { issues: [{ path: found.path, message: 'This field name is not allowed.' }] });
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
