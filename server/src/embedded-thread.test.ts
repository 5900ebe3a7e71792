/**
 * In embedded mode PGlite runs in a thread of its own, so a slow query does not stall
 * the server. While the database works on one, the server still answers what needs no database
 * (liveness, a static file of the web app) and the answers arrive before the query ends.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@pog/domain/config';
import { openDatabase } from '@pog/domain/db';
import { silentLogger } from '@pog/domain/logging';
import { scratchDir } from '@pog/domain/testing/scratch-dir';
import { seedPgliteDataDir } from '../../gateway/src/testing/pglite-template';
import { startRuntime } from './runtime';

describe('embedded server with PGlite in its own thread', () => {
  it('answers liveness and static files while the database runs a slow query', async () => {
    const dataDir = scratchDir('pog-thread-');
    await seedPgliteDataDir(dataDir);
    const webDist = path.join(dataDir, 'dist');
    mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Pog</title>');
    writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log("pog");');
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: webDist, SESSION_SECRET: 'thread-test-secret-0123456789' });
    expect(config.pgliteThread).toBe(true);
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite'), pgliteThread: config.pgliteThread });
    const runtime = await startRuntime({ config, database, log: silentLogger, schedules: false });
    try {
      const order: string[] = [];
      const slow = database.db.execute(sql`SELECT pg_sleep(3)`).then(() => order.push('slow query'));
      const live = fetch(`${runtime.url}/livez`).then(async (response) => {
        order.push('livez');
        return response.status;
      });
      const asset = fetch(`${runtime.url}/assets/app-1234.js`).then(async (response) => {
        order.push('static file');
        return [response.status, await response.text()];
      });
      expect(await live).toBe(200);
      expect(await asset).toEqual([200, 'console.log("pog");']);
      // Both answered while the database was still busy with the query.
      expect(order).toEqual(expect.arrayContaining(['livez', 'static file']));
      expect(order).not.toContain('slow query');
      await slow;
      // The database serves the app again once the query is over.
      expect((await fetch(`${runtime.url}/readyz`)).status).toBe(200);
    } finally {
      await runtime.close();
      await database.close();
    }
  }, 60_000);
});
