/** Tests that run against both databases: PGlite in memory always, PostgreSQL when TEST_DATABASE_URL is set. */
import { openDatabase, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { users } from '../db/schema';

const serverUrl = process.env.TEST_DATABASE_URL;

export const testBackends = [
  { name: 'PGlite', open: () => openDatabase({ pgliteDir: 'memory://' }), skip: false },
  { name: `PostgreSQL${serverUrl ? '' : ' [needs TEST_DATABASE_URL]'}`, open: () => openDatabase({ url: serverUrl, poolSize: 2 }), skip: !serverUrl },
];

/** Opens and migrates the database, and adds players with these usernames (their ids in that order). */
export async function openWithPlayers(open: () => Promise<Database>, usernames: string[]): Promise<{ database: Database; players: number[] }> {
  const database = await open();
  await migrate(database);
  const rows = await database.db
    .insert(users)
    .values(usernames.map((username) => ({ username, displayName: username, passwordHash: 'x' })))
    .returning({ id: users.id });
  return { database, players: rows.map((r) => r.id) };
}
