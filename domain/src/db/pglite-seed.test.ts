import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { migrationFiles } from './migrate';
import { isInitialised, pgliteOptions } from './pglite-memory';
import { makeSeed, seedDir, seedKey } from './pglite-seed';

const root = mkdtempSync(path.join(tmpdir(), 'pog-pglite-seed-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function contents(database: Database) {
  const client = (database.db as unknown as { $client: { query(text: string): Promise<{ rows: Record<string, unknown>[] }> } }).$client;
  try {
    const migrations = (await client.query('SELECT name FROM schema_migrations ORDER BY name')).rows.map((row) => row.name);
    const users = (await client.query('SELECT username FROM users ORDER BY username')).rows.map((row) => row.username);
    return { migrations, users };
  } finally {
    await database.close();
  }
}

describe('a new embedded database folder', () => {
  it('starts as a copy of the seed of these migrations, and never of a seed made for others', async () => {
    const seeds = path.join(root, 'seeds');
    // Made as `npm install` makes it, once; then marked, so that a copy of it can be told from a new database.
    expect(await makeSeed(seeds)).toBe(true);
    expect(await makeSeed(seeds)).toBe(false);
    const seed = await PGlite.create(seedDir(seeds), pgliteOptions());
    await seed.query(`INSERT INTO users (username, display_name, password_hash) VALUES ('seeded', 'Seeded', 'x')`);
    await seed.close();
    const allMigrations = migrationFiles().map((file) => file.name);

    // An empty DATA_DIR, opened as the server opens it (in its own thread).
    const copied = await openDatabase({ pgliteDir: path.join(root, 'a', 'pglite'), pgliteThread: true, pgliteSeeds: seeds });
    expect(await contents(copied)).toEqual({ migrations: allMigrations, users: ['seeded'] });

    // The only seed is one of other migrations or another PGlite (another name): the folder is made anew.
    renameSync(seedDir(seeds), path.join(seeds, 'pgdata-0123456789abcdef'));
    const made = await openDatabase({ pgliteDir: path.join(root, 'b', 'pglite'), pgliteThread: true, pgliteSeeds: seeds });
    expect(await contents(made)).toEqual({ migrations: allMigrations, users: [] });
    // ...and kept as the seed of these migrations for the next new folder.
    expect(isInitialised(seedDir(seeds))).toBe(true);
  }, 180_000);

  it('takes the seed named after the PGlite version and the text of every migration', () => {
    const migrations = [{ name: '0001_a.sql', sql: 'CREATE TABLE a (id int)' }];
    const key = seedKey('0.5.16', migrations);
    expect(seedKey('0.5.16', [{ ...migrations[0]! }])).toBe(key);
    expect(seedKey('0.5.17', migrations)).not.toBe(key);
    expect(seedKey('0.5.16', [{ name: '0001_a.sql', sql: 'CREATE TABLE a (id bigint)' }])).not.toBe(key);
    expect(seedKey('0.5.16', [...migrations, { name: '0002_b.sql', sql: '' }])).not.toBe(key);
  });
});
