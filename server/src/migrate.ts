/**
 * One-shot migrations (the compose `migrate` service): apply, log, exit.
 * On a first `docker compose up` the database may not accept connections yet (its container is
 * still initialising, or restarting after its setup), so connecting is retried with backoff for up
 * to 120 s; any other failure exits at once with status 1.
 */
import { ConfigError, loadConfig, type Config } from '@pog/domain/config';
import { createLogger } from '@pog/domain/logging';
import { describeConnectionError, migrate, openDatabase, withConnectRetry } from '@pog/domain/db';
import path from 'node:path';

const pretty = process.stdout.isTTY === true;
let config: Config;
try {
  config = loadConfig({ ...process.env, SERVICES: 'gateway,worker' });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  createLogger({ service: 'migrate', pretty }).fatal({ problems: error.problems }, error.message);
  process.exit(1);
}
const log = createLogger({ service: 'migrate', level: config.logLevel, pretty }).child({ component: 'db' });
try {
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite'), log });
  try {
    // Each try is one transaction under the migrations lock, so a try cut off halfway leaves nothing.
    const applied = await withConnectRetry(() => migrate(database), {
      onRetry: (error, attempt, delayMs) => log.warn({ attempt: attempt + 1, delayMs }, `database not reachable yet (${describeConnectionError(error)}); try ${attempt + 1} in ${delayMs} ms`),
    });
    log.info({ migrations: applied }, applied.length ? `applied: ${applied.join(', ')}` : 'up to date');
  } finally {
    await database.close();
  }
} catch (error) {
  log.fatal({ err: error }, 'migration failed');
  process.exit(1);
}
