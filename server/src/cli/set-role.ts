/**
 * Operator command: make a player an administrator, or a plain player again.
 *
 *   npm run set-role -- <username> admin|user
 *
 * Uses the same configuration as the app (DATABASE_URL, or PGlite in DATA_DIR). PGlite is one
 * process at a time: in embedded mode it refuses to run while the app holds the data folder.
 */
import path from 'node:path';
import { roleSchema } from '@pog/common';
import { ConfigError, loadConfig } from '@pog/domain/config';
import { createLogger } from '@pog/domain/logging';
import { DataDirLockedError, migrate, openDatabase } from '@pog/domain/db';
import { setRole } from '@pog/domain/users';

async function main(): Promise<number> {
  const [username, roleArg] = process.argv.slice(2);
  const role = roleSchema.safeParse(roleArg);
  if (!username || !role.success) {
    console.error('Usage: npm run set-role -- <username> admin|user');
    return 2;
  }
  const config = loadConfig({ ...process.env, SERVICES: 'gateway,worker' });
  // The command's answers are plain text for the operator; the logger reports database trouble.
  const log = createLogger({ service: 'set-role', level: config.logLevel, pretty: process.stdout.isTTY === true });
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite'), log });
  try {
    await migrate(database);
    const updated = await setRole(database.db, username, role.data, new Date());
    if (!updated) {
      console.error(`No player is called ${username}.`);
      return 1;
    }
    console.log(`${updated.username} (#${updated.id}) is now ${role.data === 'admin' ? 'an admin' : 'a player'}.`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
    process.exit(1);
  },
);
