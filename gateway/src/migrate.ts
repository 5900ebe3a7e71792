/**
 * One-shot migrations (the compose `migrate` service): apply, print, exit.
 * On a first `docker compose up` the database may not accept connections yet (its container is
 * still initialising, or restarting after its setup), so connecting is retried with backoff for up
 * to 120 s; any other failure exits at once with status 1.
 */
import { ConfigError, describeConnectionError, loadConfig, migrate, openDatabase, withConnectRetry } from '@pog/common/server';
import path from 'node:path';

try {
  const config = loadConfig({ ...process.env, SERVICES: 'gateway' });
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
  try {
    // Each try is one transaction under the migrations lock, so a try cut off halfway leaves nothing.
    const applied = await withConnectRetry(() => migrate(database), {
      onRetry: (error, attempt, delayMs) =>
        console.error(`[db] database not reachable yet (${describeConnectionError(error)}); try ${attempt + 1} in ${delayMs} ms`),
    });
    console.log(applied.length ? `[db] applied: ${applied.join(', ')}` : '[db] up to date');
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
