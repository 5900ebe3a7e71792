/**
 * Process entry (see pglite-memory.ts): creates a new embedded database in the folder named by its
 * argument and applies the migrations, then closes it and exits. Everything it allocated ends with it.
 */
import { PGlite } from '@electric-sql/pglite';
import { pgliteDatabase } from './client';
import { migrate } from './migrate';
import { pgliteOptions } from './pglite-memory';

const dir = process.argv[2]!;
const answer = (message: unknown) => new Promise<void>((resolve) => process.send!(message, () => resolve()));
try {
  const client = await PGlite.create(dir, pgliteOptions());
  const database = pgliteDatabase(client, `PGlite in ${dir}`);
  const applied = await migrate(database);
  await database.close();
  await answer({ ok: true, applied });
} catch (error) {
  await answer({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
}
process.disconnect?.();
