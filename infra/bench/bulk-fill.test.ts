import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@pog/domain/db';
import { recountPogsHeld } from '@pog/domain/users';
import { standingsDrift } from '@pog/domain/leaderboards';
import { pgliteTemplateBlob } from '@pog/domain/testing/pglite-template';
import { bulkFill } from './bulk-fill';
import { execOn, fillPlayers, fillPogs, queryableOf, type Exec } from './seed-sql';

/** What the fill leaves that the app reads: rows (without the fill's clock), counts, standings, indexes, triggers. */
async function snapshot(exec: Exec) {
  const rows = (text: string) => exec(text);
  return {
    users: await rows('SELECT id, username, display_name FROM users ORDER BY id'),
    pogs: await rows('SELECT id, user_id, creator_id, name, text_content, points, moderation_status FROM pogs ORDER BY id'),
    counts: await rows('SELECT user_id, pogs_held FROM player_counts ORDER BY user_id'),
    standings: await rows('SELECT * FROM player_standings ORDER BY period, user_id'),
    indexes: await rows(`SELECT tablename, indexname, indexdef FROM pg_indexes WHERE tablename IN ('users', 'pogs') ORDER BY 1, 2`),
    triggers: await rows(`SELECT c.relname, t.tgname, t.tgenabled FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE NOT t.tgisinternal ORDER BY 1, 2`),
  };
}

/** Several statements of POGs, as the benchmarks fill them, some rejected. */
async function fill(exec: Exec) {
  await fillPlayers(exec, 300);
  await fillPogs(exec, 4_000, { batch: 1_000, rejectedPercent: 5 });
}

describe('bulk fill', () => {
  const opened: Database[] = [];
  afterAll(async () => {
    for (const database of opened) await database.close();
  });
  const open = async () => {
    const database = await openDatabase({ pgliteTemplate: await pgliteTemplateBlob() });
    opened.push(database);
    return execOn(queryableOf(database));
  };

  it('leaves the same rows, counts, standings, indexes and triggers as filling with everything on', async () => {
    const [slow, fast] = [await open(), await open()];
    await fill(slow);
    await bulkFill(fast, ['users', 'pogs'], () => fill(fast));
    for (const exec of [slow, fast]) await recountPogsHeld(opened[[slow, fast].indexOf(exec)]!.db);

    const [expected, actual] = [await snapshot(slow), await snapshot(fast)];
    expect(expected.standings.length).toBeGreaterThan(300); // all-time and this week's rows
    expect(expected.indexes.some((row) => row.indexname === 'pogs_name_trgm_idx')).toBe(true);
    expect(actual).toEqual(expected);
    expect(await standingsDrift(opened[1]!.db)).toEqual([]);
  }, 120_000);

  it('refuses to fill a table with an INSERT trigger it cannot stand in for', async () => {
    const exec = await open();
    await exec(`CREATE FUNCTION bench_noop() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$`);
    await exec('CREATE TRIGGER users_noop AFTER INSERT ON users FOR EACH STATEMENT EXECUTE FUNCTION bench_noop()');
    let filled = false;
    await expect(bulkFill(exec, ['users'], async () => void (filled = true))).rejects.toThrow(/users\.users_noop/);
    expect(filled).toBe(false);
  }, 60_000);
});
