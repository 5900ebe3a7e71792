/** One-shot migrations (the compose `migrate` service): apply, print, exit. */
import { ConfigError, loadConfig, migrate, openDatabase } from '@pog/common/server';
import path from 'node:path';

try {
  const config = loadConfig({ ...process.env, SERVICES: 'gateway' });
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
  const applied = await migrate(database);
  console.log(applied.length ? `[db] applied: ${applied.join(', ')}` : '[db] up to date');
  await database.close();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
