/**
 * The seed of the embedded database: an empty, migrated data folder made once (by `npm install`'s
 * postinstall step, scripts/pglite-seed.mjs, or by the first start that had to make one) and copied
 * where a new data folder is wanted. Copying it takes a fraction of a second; initdb and the
 * migrations in WebAssembly take several seconds of CPU.
 *
 * A seed is named after what made it: the PGlite version and every migration's name and text. A
 * seed of other migrations or another PGlite is never used (its name is not looked up); the folder
 * is then made from scratch, and saved as the seed of the current ones.
 */
import { createHash } from 'node:crypto';
import { constants, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrationFiles } from './migrate';
import { initialiseInWorker, isInitialised } from './pglite-memory';

/** Where seeds are kept by default: the repository's node_modules/.cache, which `npm install` owns. */
export const DEFAULT_SEEDS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../node_modules/.cache/pog-pglite');

export function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const manifest = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version : 'unknown';
}

/** The name of the seed for this PGlite version and these migrations. */
export function seedKey(version = pgliteVersion(), migrations = migrationFiles()): string {
  const hash = createHash('sha256').update(version);
  for (const file of migrations) hash.update(`\0${file.name}\0${file.sql}`);
  return hash.digest('hex').slice(0, 16);
}

/** The folder of the current seed under `seeds` (it may not exist). */
export function seedDir(seeds = DEFAULT_SEEDS): string {
  return path.join(seeds, `pgdata-${seedKey()}`);
}

/** A copy of a data folder, each file by reflink where the file system can (else a plain copy). */
function copyDataDir(from: string, to: string): void {
  cpSync(from, to, { recursive: true, mode: constants.COPYFILE_FICLONE });
}

/**
 * Makes `dir` (absent or empty) a copy of the current seed; false, leaving `dir` as it was, when
 * there is none.
 */
export function seedDataDir(dir: string, seeds = DEFAULT_SEEDS): boolean {
  const seed = seedDir(seeds);
  if (!isInitialised(seed) || (existsSync(dir) && readdirSync(dir).length > 0)) return false;
  const staging = `${dir}.seeding-${process.pid}`;
  try {
    copyDataDir(seed, staging);
    rmSync(dir, { recursive: true, force: true });
    renameSync(staging, dir);
    return true;
  } catch {
    rmSync(staging, { recursive: true, force: true });
    return false;
  }
}

/**
 * Keeps a copy of `dir` (just made, migrated and closed) as the current seed, unless there is one.
 * Best effort: a folder it cannot write to (a read-only install) leaves things as they were.
 */
export function saveSeed(dir: string, seeds = DEFAULT_SEEDS): void {
  const seed = seedDir(seeds);
  if (existsSync(seed)) return;
  const staging = `${seed}.saving-${process.pid}`;
  try {
    mkdirSync(seeds, { recursive: true });
    copyDataDir(dir, staging);
    renameSync(staging, seed);
  } catch {
    // Another process saved it first, or the folder is not writable: the copy is not needed.
  }
  rmSync(staging, { recursive: true, force: true });
}

/** Makes the current seed unless it exists (what `npm install` runs); whether one was made. */
export async function makeSeed(seeds = DEFAULT_SEEDS): Promise<boolean> {
  if (isInitialised(seedDir(seeds))) return false;
  const staging = path.join(seeds, `making-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    const dir = path.join(staging, 'pgdata');
    if (!(await initialiseInWorker(dir))) return false;
    saveSeed(dir, seeds);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return true;
}

/**
 * Makes a new data folder `dir`: a copy of the seed when there is a current one, else initdb and
 * the migrations in a process of their own, the result then kept as the seed (only a migrated one).
 */
export async function createDataDir(dir: string, seeds = DEFAULT_SEEDS): Promise<void> {
  if (seedDataDir(dir, seeds)) return;
  if (await initialiseInWorker(dir)) saveSeed(dir, seeds);
}
