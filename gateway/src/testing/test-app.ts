/** Starts the real gateway (and in-process worker) on a free port for API and socket tests. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@pog/domain/config';
import { silentLogger, type Logger } from '@pog/domain/logging';
import { type Clock } from '@pog/domain/clock';
import { startRuntime, type Runtime } from '../../../server/src/runtime';
import { privatePostgresDatabase, sharedDatabase, type BackendName, type PrivateDatabase } from './databases';

export interface TestApp {
  url: string;
  runtime: Runtime;
  /** The database of its own, with `ownDatabase` on PostgreSQL. */
  ownDatabase: PrivateDatabase | undefined;
  close(): Promise<void>;
}

export interface TestAppOptions {
  backend?: BackendName;
  /**
   * For files that run the global sweeps: on PostgreSQL, a database of this app's own (dropped on
   * close) instead of the shared one. See privatePostgresDatabase.
   */
  ownDatabase?: boolean;
  clock?: Clock;
  env?: Record<string, string>;
  /** Where the app logs (default nowhere). */
  log?: Logger;
}

let apps = 0;

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pog-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'test-session-secret-0123456789',
    ADMIN_PASSWORD: 'test-admin-password',
    // Lets each test client present its own address, so rate limits are per client.
    TRUST_PROXY: 'true',
    // Each app keeps its own Redis keys, so parallel test files never share queues or limits.
    REDIS_PREFIX: `${process.env.TEST_REDIS_PREFIX ?? 'test'}-${process.pid}-${++apps}`,
    ...options.env,
  });
  const backend = options.backend ?? 'pglite';
  const own = options.ownDatabase && backend === 'postgres' ? await privatePostgresDatabase() : undefined;
  const database = own ?? (await sharedDatabase(backend));
  const runtime = await startRuntime({ config, database, clock: options.clock, log: options.log ?? silentLogger, schedules: false });
  return {
    url: runtime.url!,
    runtime,
    ownDatabase: own,
    close: async () => {
      await runtime.close();
      await own?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
