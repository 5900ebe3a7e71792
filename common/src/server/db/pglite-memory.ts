/**
 * Keeping the embedded database small in memory (issue 15 §6).
 *
 * - A new data folder is created (initdb) and migrated in a worker thread that then exits: initdb's
 *   WebAssembly instance and what the migrations grew PGlite's memory to (about 500 MB together) go
 *   with the thread, instead of staying in the server until V8 happens to collect them.
 * - PostgreSQL's shared buffers are 32 MB instead of PGlite's 128 MB: the files sit in the operating
 *   system's page cache anyway (PGlite reads them through Node's fs), so a larger cache of its own
 *   mostly holds a second copy.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

export const PGLITE_SHARED_BUFFERS = '32MB';

export function pgliteStartParams(): string[] {
  const defaults = (PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams ?? [];
  return [...defaults, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
}

/** Whether `dir` already holds a database cluster (initdb has run there). */
export function isInitialised(dir: string): boolean {
  return existsSync(path.join(dir, 'PG_VERSION'));
}

/**
 * Runs initdb and the migrations for a new folder in a thread of its own (pglite-init-worker.ts)
 * and resolves once the thread has exited. Should the thread fail to start, the folder is created
 * here instead: the same database, without the memory saving.
 */
export async function initialiseInWorker(dir: string): Promise<void> {
  let answer: { ok: boolean; error?: string } | undefined;
  try {
    // Threads do not inherit the loader hooks of `--import tsx`: the thread registers tsx itself.
    const entry = new URL('./pglite-init-worker.ts', import.meta.url).href;
    const tsx = import.meta.resolve('tsx/esm/api');
    const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); })`;
    const worker = new Worker(bootstrap, { eval: true, workerData: { dir } });
    answer = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => resolve({ ok: false, error: `the thread exited with ${code}` }));
    });
    await worker.terminate();
  } catch {
    answer = undefined;
  }
  if (answer?.ok) return;
  if (isInitialised(dir) && answer?.error) throw new Error(`Could not create the embedded database in ${dir}: ${answer.error}`);
  await (await PGlite.create(dir, { startParams: pgliteStartParams() })).close();
}
