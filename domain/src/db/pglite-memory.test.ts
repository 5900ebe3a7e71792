import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { migrationFiles } from './migrate';
import { PGLITE_SHARED_BUFFERS } from './pglite-memory';

const root = mkdtempSync(path.join(tmpdir(), 'pog-pglite-memory-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const rowsOf = async (database: Awaited<ReturnType<typeof openDatabase>>, text: string) =>
  (await (database.db as unknown as { $client: { query(text: string): Promise<{ rows: Record<string, unknown>[] }> } }).$client.query(text)).rows;

describe('a new embedded database folder', () => {
  it('is created and migrated in a process of its own before the server opens it, with small shared buffers', async () => {
    const dir = path.join(root, 'pglite');
    // No seed to copy (pglite-seed.ts): the folder is made from scratch.
    const database = await openDatabase({ pgliteDir: dir, pgliteSeeds: path.join(root, 'seeds') });
    try {
      // Nothing here migrated it: the short-lived process did.
      const applied = await rowsOf(database, 'SELECT name FROM schema_migrations ORDER BY name');
      expect(applied.map((r) => r.name)).toEqual(migrationFiles().map((f) => f.name));
      expect(await rowsOf(database, 'SHOW shared_buffers')).toEqual([{ shared_buffers: PGLITE_SHARED_BUFFERS }]);
      await rowsOf(database, `INSERT INTO users (username, display_name, password_hash) VALUES ('kept', 'Kept', 'x')`);
    } finally {
      await database.close();
    }
    // Opened again, it is the same database, not a new one.
    const again = await openDatabase({ pgliteDir: dir });
    try {
      expect(await rowsOf(again, 'SELECT username FROM users')).toEqual([{ username: 'kept' }]);
    } finally {
      await again.close();
    }
  }, 180_000);
});
