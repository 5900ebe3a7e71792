/** Keyset page cursors: the last row's keys as base64url JSON, checked by a schema when they come back. */
import type { z } from 'zod';
import { ValidationError } from '@pog/common/errors';

export function encodeCursor(keys: unknown): string {
  return Buffer.from(JSON.stringify(keys)).toString('base64url');
}

/** The keys in a cursor a client sent back, or a 400 when it is not one of ours. */
export function decodeCursor<T>(raw: string, schema: z.ZodType<T>): T {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  const cursor = schema.safeParse(value);
  if (cursor.success) return cursor.data;
  throw new ValidationError('The cursor is not valid. Start again from the first page.');
}
