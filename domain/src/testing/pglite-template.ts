/**
 * A migrated PGlite database made once and copied for every test database. Creating a PGlite runs
 * initdb in WebAssembly, the slowest step of a test process's start (8 to 16 s on a busy 2-core
 * machine); opening a copy of a ready one takes a second or two. The template lives in
 * `.test-data/`, named after the migrations and the PGlite version, so a new migration makes a new one.
 * Migrations are still tested from an empty database by schema-drift.test.ts (and on PostgreSQL by migrate.test.ts).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { seedKey } from '../db/pglite-seed';

export interface PgliteTemplate {
  /** A data directory to copy where a process will open PGlite (`<DATA_DIR>/pglite`). */
  dir: string;
  /** The same database as a tarball, for an in-memory PGlite (`pgliteTemplate`). */
  tarball: string;
}

function templateRoot(): string {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  return path.join(repoRoot, '.test-data', `pglite-${seedKey()}`);
}

const pathsOf = (root: string): PgliteTemplate => ({ dir: path.join(root, 'pgdata'), tarball: path.join(root, 'pgdata.tar') });

async function build(root: string): Promise<void> {
  const staging = `${root}.building-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const { dir, tarball } = pathsOf(staging);
  const database = await openDatabase({ pgliteDir: dir });
  await migrate(database);
  await database.close();
  const client = await PGlite.create(dir);
  const dump = await client.dumpDataDir('none');
  await client.close();
  writeFileSync(tarball, Buffer.from(await dump.arrayBuffer()));
  rmSync(`${dir}.lock`, { force: true });
  try {
    renameSync(staging, root);
  } catch (error) {
    // Another process finished first: its template is as good as ours.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(root)) throw error;
  }
}

let ready: Promise<PgliteTemplate> | undefined;

/** The template, built first if this set of migrations has none yet. */
export function pgliteTemplate(): Promise<PgliteTemplate> {
  ready ??= (async () => {
    const root = templateRoot();
    if (!existsSync(root)) await build(root);
    return pathsOf(root);
  })();
  return ready;
}

/** The template as a tarball to load into an in-memory PGlite. */
export async function pgliteTemplateBlob(): Promise<Blob> {
  return new Blob([readFileSync((await pgliteTemplate()).tarball)]);
}

/** Puts a copy of the template where a process started with DATA_DIR=`dataDir` opens its PGlite. */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  cpSync((await pgliteTemplate()).dir, path.join(dataDir, 'pglite'), { recursive: true });
}

/**
 * A copy of the template in a folder of its own, for a PGlite that opens a folder rather than a
 * tarball (PGlite in its thread takes no template): no initdb, which is most of opening one.
 * `remove()` deletes the folder once the database is closed.
 */
export async function pgliteDirFromTemplate(): Promise<{ dir: string; remove(): void }> {
  const root = mkdtempSync(path.join(tmpdir(), 'pog-pglite-'));
  await seedPgliteDataDir(root);
  return { dir: path.join(root, 'pglite'), remove: () => rmSync(root, { recursive: true, force: true }) };
}
