/**
 * The per-player counts the player lists show (POGs held), kept in `player_counts` so that a list
 * never counts the POG table. Units of work collect the changes of a command and apply them here,
 * in one statement just before they commit.
 */
import { sql } from 'drizzle-orm';
import type { UserId } from '@pog/common/schemas/ids';
import type { Db, Tx } from '../db/client';

/**
 * Adds each delta to its player's count, in ascending player id order (the statement's rows take
 * their locks in that order, so two commands touching the same players cannot deadlock). Zero
 * deltas are skipped: a one-for-one trade changes nobody's count and locks nothing.
 */
export async function applyPogsHeldDeltas(tx: Tx, deltas: ReadonlyMap<UserId, number>): Promise<void> {
  const changed = [...deltas].filter(([, delta]) => delta !== 0).sort(([a], [b]) => a - b);
  if (changed.length === 0) return;
  const rows = sql.join(
    changed.map(([userId, delta]) => sql`(${userId}::integer, ${delta}::integer)`),
    sql`, `,
  );
  await tx.execute(sql`
    INSERT INTO player_counts (user_id, pogs_held)
    SELECT d.user_id, d.delta FROM (VALUES ${rows}) AS d(user_id, delta) ORDER BY d.user_id
    ON CONFLICT (user_id) DO UPDATE SET pogs_held = player_counts.pogs_held + excluded.pogs_held`);
}

/** Recounts every player's POGs from the POG table (after a bulk load that bypassed the commands). */
export async function recountPogsHeld(db: Db | Tx): Promise<void> {
  await db.execute(sql`
    INSERT INTO player_counts (user_id, pogs_held)
    SELECT u.id, coalesce(c.n, 0) FROM users u LEFT JOIN (SELECT user_id, count(*)::integer AS n FROM pogs GROUP BY user_id) c ON c.user_id = u.id
    ON CONFLICT (user_id) DO UPDATE SET pogs_held = excluded.pogs_held`);
}
