/**
 * Filling a benchmark's database in minutes, not hours, ending with what the app's own writes would
 * have left. The filled tables' secondary (non-unique) indexes, the trigram ones most costly, are
 * dropped and then created again; their INSERT triggers are off meanwhile, and what they would have
 * written is written in one statement afterwards. Only triggers this file knows are allowed: a new
 * one stops the fill until its effect is written here too (bulk-fill.test.ts compares both ways).
 */
import type { Exec } from './seed-sql';

/** The INSERT triggers the fill knows how to stand in for, per table. */
const KNOWN_INSERT_TRIGGERS: Record<string, string[]> = {
  users: ['player_list_inserted'],
  pogs: ['pog_list_inserted', 'pogs_standings_insert', 'pogs_mark_upload_used'],
};

const quoted = (names: string[]) => names.map((name) => `'${name}'`).join(', ');

async function insertTriggers(exec: Exec, tables: string[]): Promise<Array<{ table: string; name: string }>> {
  // tgtype bit 2 (4): fires on INSERT. Internal triggers (foreign keys) are not the app's.
  const rows = await exec(`SELECT c.relname AS table, t.tgname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE c.relname IN (${quoted(tables)}) AND NOT t.tgisinternal AND (t.tgtype & 4) <> 0 ORDER BY 1, 2`);
  return rows.map((row) => ({ table: String(row.table), name: String(row.name) }));
}

async function secondaryIndexes(exec: Exec, tables: string[]): Promise<Array<{ name: string; definition: string }>> {
  const rows = await exec(`SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
    WHERE t.relname IN (${quoted(tables)}) AND t.relnamespace = 'public'::regnamespace AND NOT x.indisunique AND NOT x.indisprimary
    ORDER BY t.relname, i.relname`);
  return rows.map((row) => ({ name: String(row.name), definition: String(row.definition) }));
}

/**
 * What pogs_standings_insert would have written for every POG now in the table: per player, the
 * points held (collection value) and created (design points), all-time and this week, where either
 * is not 0 (exact when no fill statement's points are negative, as the fills' are not).
 */
async function addPogStandings(exec: Exec): Promise<void> {
  await exec(`INSERT INTO player_standings AS s (period, user_id, listed, collection_value, design_points)
    SELECT p.period, u.id, NOT u.is_banned, coalesce(h.points, 0), coalesce(d.points, 0)
    FROM users u
    LEFT JOIN (SELECT user_id, sum(coalesce(points, 0))::bigint AS points FROM pogs GROUP BY user_id) h ON h.user_id = u.id
    LEFT JOIN (SELECT creator_id, sum(coalesce(points, 0))::bigint AS points FROM pogs GROUP BY creator_id) d ON d.creator_id = u.id
    CROSS JOIN (VALUES ('-infinity'::date), (pog_week(pog_now()))) AS p(period)
    WHERE coalesce(h.points, 0) <> 0 OR coalesce(d.points, 0) <> 0
    ORDER BY u.id, p.period
    ON CONFLICT (period, user_id) DO UPDATE SET
      collection_value = s.collection_value + excluded.collection_value,
      design_points = s.design_points + excluded.design_points`);
}

/**
 * Runs `fill` (INSERTs into `tables`, nothing else) with their secondary indexes and INSERT triggers
 * off, then creates the indexes again and writes what the triggers would have. On a PostgreSQL
 * database the caller must use one connection, or none other may write meanwhile.
 */
export async function bulkFill(exec: Exec, tables: string[], fill: () => Promise<void>): Promise<void> {
  const triggers = await insertTriggers(exec, tables);
  const unknown = triggers.filter((t) => !(KNOWN_INSERT_TRIGGERS[t.table] ?? []).includes(t.name));
  if (unknown.length) {
    throw new Error(`bulk-fill.ts does not know what these INSERT triggers write: ${unknown.map((t) => `${t.table}.${t.name}`).join(', ')}`);
  }
  const indexes = await secondaryIndexes(exec, tables);
  for (const index of indexes) await exec(`DROP INDEX ${index.name}`);
  for (const { table, name } of triggers) await exec(`ALTER TABLE ${table} DISABLE TRIGGER ${name}`);
  await fill();
  for (const { table, name } of triggers) await exec(`ALTER TABLE ${table} ENABLE TRIGGER ${name}`);
  for (const index of indexes) await exec(index.definition);
  if (triggers.some((t) => t.name === 'pogs_standings_insert')) await addPogStandings(exec);
  if (triggers.some((t) => t.name === 'pogs_mark_upload_used')) await markUploadsUsed(exec);
  // pog_list_inserted: a change to Explore's list (one change for every page stands in for them).
  if (triggers.some((t) => t.name === 'pog_list_inserted')) await exec('INSERT INTO pog_list_changes (pog_id) VALUES (NULL)');
  // player_list_inserted: a change to the player lists (one for every page, the same way).
  if (triggers.some((t) => t.name === 'player_list_inserted')) await exec('INSERT INTO player_list_changes (user_id) VALUES (NULL)');
}

/** What pogs_mark_upload_used writes: the pictures the filled POGs name are in use. */
async function markUploadsUsed(exec: Exec): Promise<void> {
  await exec(`UPDATE uploads SET used_at = pog_now() WHERE used_at IS NULL
    AND filename IN (SELECT substr(image_url, length('/uploads/') + 1) FROM pogs WHERE image_url LIKE '/uploads/%')`);
}
