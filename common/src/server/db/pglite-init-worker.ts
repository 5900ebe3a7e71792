/**
 * Thread entry (see pglite-memory.ts): creates a new embedded database in `workerData.dir` and
 * applies the migrations, then closes it. Everything it allocated ends with the thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pgliteDatabase } from './client';
import { migrate } from './migrate';
import { pgliteStartParams } from './pglite-memory';

const { dir } = workerData as { dir: string };
try {
  const client = await PGlite.create(dir, { startParams: pgliteStartParams() });
  const database = pgliteDatabase(client, `PGlite in ${dir}`);
  const applied = await migrate(database);
  await database.close();
  parentPort!.postMessage({ ok: true, applied });
} catch (error) {
  parentPort!.postMessage({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
}
