/**
 * The databases tests run against: PGlite always, and the real PostgreSQL server when
 * TEST_DATABASE_URL is set. One instance of each per test process (PGlite is big and slow to
 * create; it starts from a migrated template, see ./pglite-template), migrated once; tests isolate themselves by data (unique names), not by instances.
 */
import { migrate, openDatabase, type Database } from '@pog/domain/db';
import { pgliteTemplateBlob } from './pglite-template';

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
      const db = await openDatabase(
        name === 'postgres' ? { url: requireEnv('TEST_DATABASE_URL'), poolSize: 20 } : { pgliteDir: 'memory://', pgliteTemplate: await pgliteTemplateBlob() },
      );
      await migrate(db);
      return db;
    })();
    shared.set(name, database);
  }
  return database;
}

export { privatePostgresDatabase, type PrivateDatabase } from '@pog/domain/testing/private-database';

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

/** A way to run the app under test: a database and a queue/realtime mode. */
export interface TestSetup {
  name: string;
  backend: BackendName;
  /** Extra environment for the app (REDIS_URL for BullMQ and the Redis adapter). */
  env: Record<string, string>;
  skipReason: string | undefined;
}

const redisUrl = process.env.TEST_REDIS_URL;

export const TEST_SETUPS: TestSetup[] = [
  { name: 'PGlite, in-process jobs', backend: 'pglite', env: {}, skipReason: undefined },
  { name: 'PostgreSQL, in-process jobs', backend: 'postgres', env: {}, skipReason: BACKENDS[1]!.skipReason },
  {
    name: 'PGlite, BullMQ and the Redis adapter',
    backend: 'pglite',
    env: redisUrl ? { REDIS_URL: redisUrl } : {},
    skipReason: redisUrl ? undefined : 'needs TEST_REDIS_URL',
  },
];

export const setupTitle = (setup: TestSetup) => `${setup.name}${setup.skipReason ? ` [${setup.skipReason}]` : ''}`;
