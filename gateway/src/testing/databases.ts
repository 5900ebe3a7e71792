/**
 * The databases tests run against: PGlite always, and the real PostgreSQL server when
 * TEST_DATABASE_URL is set. One instance of each per test process (PGlite is big and slow to
 * create), migrated once; tests isolate themselves by data (unique names), not by instances.
 */
import { migrate, openDatabase, type Database } from '@pog/common/server';

export type BackendName = 'pglite' | 'postgres';

export interface Backend {
  name: BackendName;
  /** Why it is skipped, or undefined when available. */
  skipReason: string | undefined;
}

export const BACKENDS: Backend[] = [
  { name: 'pglite', skipReason: undefined },
  { name: 'postgres', skipReason: process.env.TEST_DATABASE_URL ? undefined : 'needs TEST_DATABASE_URL' },
];

/** Title suffix that tells `npm test` readers why a suite was skipped. */
export const backendTitle = (backend: Backend) => `${backend.name}${backend.skipReason ? ` [${backend.skipReason}]` : ''}`;

const shared = new Map<BackendName, Promise<Database>>();

export function sharedDatabase(name: BackendName): Promise<Database> {
  let database = shared.get(name);
  if (!database) {
    database = (async () => {
      const db = await openDatabase(name === 'postgres' ? { url: requireEnv('TEST_DATABASE_URL'), poolSize: 20 } : { pgliteDir: 'memory://' });
      await migrate(db);
      return db;
    })();
    shared.set(name, database);
  }
  return database;
}

export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

let counter = 0;
/** A name no other test in this run uses (usernames are at most 32 characters). */
export function uniqueName(prefix = 'u'): string {
  counter += 1;
  return `${prefix}${process.pid.toString(36)}${Date.now().toString(36).slice(-5)}${counter.toString(36)}`.slice(0, 32);
}
