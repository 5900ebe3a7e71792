import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { migrate, migrationFiles } from './migrate';

const serverUrl = process.env.TEST_DATABASE_URL;

// On PGlite, that the migrations apply once and a second run changes nothing is checked by
// ./schema-drift.test.ts, on the empty database it migrates anyway (an initdb is seconds of CPU).
describe('migrations', () => {
  describe.skipIf(!serverUrl)(`on a fresh PostgreSQL database${serverUrl ? '' : ' [needs TEST_DATABASE_URL]'}`, () => {
    const name = `pog_migrate_${process.pid}_${Date.now()}`;
    const admin = () => new pg.Client({ connectionString: serverUrl });
    const fresh = () => {
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      return url.toString();
    };
    afterAll(async () => {
      const client = admin();
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    });

    it('do not race when several processes start together', async () => {
      const client = admin();
      await client.connect();
      await client.query(`CREATE DATABASE ${name}`);
      await client.end();
      const databases = await Promise.all([1, 2, 3].map(() => openDatabase({ url: fresh(), poolSize: 2 })));
      try {
        const results = await Promise.all(databases.map((d) => migrate(d)));
        const applied = results.flat();
        expect(applied.sort()).toEqual(migrationFiles().map((f) => f.name).sort());
        expect(results.filter((r) => r.length > 0)).toHaveLength(1);
      } finally {
        await Promise.all(databases.map((d) => d.close()));
      }
    });
  });
});
