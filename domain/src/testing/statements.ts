/** The statements a command sends to a PostgreSQL server, counted at the driver (each is a round trip). */
import pg from 'pg';
import { expect } from 'vitest';

/** The texts of the statements `work` sends through node-postgres, in order. */
export async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text: string };
    sent.push(typeof first === 'string' ? first : first.text);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = query;
  }
  return sent;
}

/** `sent` is one transaction (BEGIN with its settings first, COMMIT last) of `count` statements. */
export function expectOneTransaction(sent: string[], count: number): void {
  expect(sent[0]).toMatch(/^BEGIN;/);
  expect(sent.at(-1)).toBe('COMMIT');
  expect(sent, sent.join('\n---\n')).toHaveLength(count);
}
