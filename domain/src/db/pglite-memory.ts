/**
 * Keeping the embedded database small in memory.
 *
 * - A new data folder is created (initdb) and migrated in a short-lived process of its own: initdb's
 *   WebAssembly instance and what the migrations grew PGlite's memory to (about 500 MB together) go
 *   with it, instead of staying in the server until V8 happens to collect them.
 * - PostgreSQL's shared buffers are 32 MB instead of PGlite's 128 MB: the files sit in the operating
 *   system's page cache anyway (PGlite reads them through Node's fs), so a larger cache of its own
 *   mostly holds a second copy.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export const PGLITE_SHARED_BUFFERS = '32MB';

export function pgliteStartParams(): string[] {
  const defaults = (PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams ?? [];
  return [...defaults, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
}

/**
 * How every embedded database is opened: the smaller buffers, and the extensions the migrations
 * use (pg_trgm backs the search indexes of migration 0011; PGlite loads an extension only when asked).
 */
export function pgliteOptions(): PGliteOptions {
  return { startParams: pgliteStartParams(), extensions: { pg_trgm } };
}

/** Whether `dir` already holds a database cluster (initdb has run there). */
export function isInitialised(dir: string): boolean {
  return existsSync(path.join(dir, 'PG_VERSION'));
}

/**
 * Runs initdb and the migrations for a new folder in a process of its own (pglite-init-worker.ts)
 * and resolves once it has exited: all it allocated goes back to the system (a thread's would stay
 * in this process's allocator). Should it fail to start, the folder is created here instead: the
 * same database, without the memory saving, and not migrated yet. Resolves whether it is migrated.
 */
export async function initialiseInWorker(dir: string): Promise<boolean> {
  let answer: { ok: boolean; error?: string } | undefined;
  try {
    const entry = fileURLToPath(new URL('./pglite-init-worker.ts', import.meta.url));
    const child = fork(entry, [dir], { execArgv: ['--import', import.meta.resolve('tsx')], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    answer = await new Promise((resolve, reject) => {
      child.once('message', (message) => resolve(message as { ok: boolean; error?: string }));
      child.once('error', reject);
      child.once('exit', (code) => resolve({ ok: false, error: `the process exited with ${code}` }));
    });
    await new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
  } catch {
    answer = undefined;
  }
  if (answer?.ok) return true;
  if (isInitialised(dir) && answer?.error) throw new Error(`Could not create the embedded database in ${dir}: ${answer.error}`);
  await (await PGlite.create(dir, pgliteOptions())).close();
  return false;
}
