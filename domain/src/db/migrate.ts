/**
 * Applies the SQL files in ./migrations in name order, each once, inside one transaction that holds
 * an advisory lock, so that several processes starting together never race.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const LOCK_KEY = 'pog-federation:migrations';

export function migrationFiles(dir = MIGRATIONS_DIR): { name: string; sql: string }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(dir, name), 'utf8') }));
}

/** Returns the names of the migrations this call applied. */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = migrationFiles(dir);
  const applied: string[] = [];
  await database.execScriptLocked(LOCK_KEY, async (exec) => {
    await exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = await exec('SELECT name FROM schema_migrations');
    const doneNames = new Set(rowsOf(done).map((r) => String(r.name)));
    for (const file of files) {
      if (doneNames.has(file.name)) continue;
      await exec(file.sql);
      await exec(`INSERT INTO schema_migrations (name) VALUES ('${file.name.replace(/'/g, "''")}')`);
      applied.push(file.name);
    }
  });
  return applied;
}

/** node-postgres returns a result, PGlite's exec an array of results. */
function rowsOf(result: unknown): Record<string, unknown>[] {
  const first = Array.isArray(result) ? result[0] : result;
  return ((first as { rows?: Record<string, unknown>[] } | undefined)?.rows ?? []) as Record<string, unknown>[];
}
