/**
 * The databases the unit project's database tests run on: a PGlite in memory, loaded from the
 * migrated template (./pglite-template: no initdb and no migrations to run again), and the
 * PostgreSQL server of TEST_DATABASE_URL when it is set (shared with other tests: each test isolates
 * itself by unique names, see `randomTag`). The PGlite is one per test process, shared by the files
 * that process runs one after another (the unit project keeps modules between files), as the server
 * tests share theirs: the files isolate by data as they do on PostgreSQL, and opening a PGlite is
 * about a CPU second each time. Its `close()` does nothing; it ends with the process.
 */
import { randomBytes } from 'node:crypto';
import { matchesBlocklist } from '@pog/common/pogs/blocklist';
import type { UserId } from '@pog/common/schemas/ids';
import { openDatabase, type Database, type DatabaseOptions } from '../db/client';
import { migrate } from '../db/migrate';
import { users } from '../db/schema';
import { pgliteTemplateBlob } from './pglite-template';

const serverUrl = process.env.TEST_DATABASE_URL;

async function openMigrated(options: DatabaseOptions): Promise<Database> {
  const database = await openDatabase(options);
  await migrate(database);
  return database;
}

let sharedPglite: Promise<Database> | undefined;

/** This process's PGlite, opened the first time it is asked for. */
function openSharedPglite(): Promise<Database> {
  sharedPglite ??= (async () => {
    const database = await openMigrated({ pgliteDir: 'memory://', pgliteTemplate: await pgliteTemplateBlob() });
    return { ...database, close: async () => undefined };
  })();
  return sharedPglite;
}

/** `open()` gives the database migrated. */
export const TEST_BACKENDS = [
  { name: 'PGlite', open: openSharedPglite, skip: false },
  { name: `PostgreSQL${serverUrl ? '' : ' [needs TEST_DATABASE_URL]'}`, open: () => openMigrated({ url: serverUrl, poolSize: 2 }), skip: !serverUrl },
];

/**
 * Seven lower-case letters, unlike any other test's names (and a trigram index's whole words), and
 * never a word of the moderation blocklist: a POG named with it is flagged only when a test means it.
 */
export function randomTag(): string {
  for (;;) {
    const tag = [...randomBytes(7)].map((b) => String.fromCharCode(97 + (b % 26))).join('');
    if (!matchesBlocklist(tag)) return tag;
  }
}

/** Opens the (migrated) database and adds players with these usernames (their ids in that order). */
export async function openWithPlayers(open: () => Promise<Database>, usernames: string[]): Promise<{ database: Database; players: UserId[] }> {
  const database = await open();
  const rows = await database.db
    .insert(users)
    .values(usernames.map((username) => ({ username, displayName: username, passwordHash: 'x' })))
    .returning({ id: users.id });
  return { database, players: rows.map((r) => r.id) };
}
