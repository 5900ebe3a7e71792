/**
 * Test setup for the admin lists: hundreds of players, each holding one POG (and, if asked, the
 * reports of those awaiting review), inserted in a few statements (the API would take a sign-up and a creation cooldown per player). Setup only: what a
 * test checks goes through the API or the browser.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@pog/domain/db';

export interface CrowdOptions {
  /** Starts every username (then a four-digit number, 0001 the oldest) and every POG name. */
  prefix: string;
  players: number;
  /** How many of the POGs await review: the oldest ones. */
  flagged: number;
  /** How many of the next ones were flagged and then rejected (out of the review queue). */
  rejected?: number;
  /**
   * With a number m, the POG numbered n awaiting review has n % m reports (by the players numbered
   * after its owner), counted on it as the report command counts them.
   */
  reportsModulo?: number;
}

export interface Crowd {
  /** Oldest first. */
  usernames: string[];
  /** `${prefix} disc 0001`..., oldest first. */
  pogNames: string[];
}

export const crowdUsername = (prefix: string, n: number) => `${prefix}${String(n).padStart(4, '0')}`;
export const crowdPogName = (prefix: string, n: number) => `${prefix} disc ${String(n).padStart(4, '0')}`;

/** The reports of `reportsModulo` (fewer than `players` each, so the owner is never among its reporters). */
async function insertCrowdReports(tx: Tx, prefix: string, players: number, flagged: number, modulo: number, now: Date) {
  if (modulo >= players) throw new Error('Each POG needs fewer reports than there are players');
  await tx.execute(sql`
    WITH crowd AS (
      SELECT p.id AS pog_id, substr(u.username, ${prefix.length + 1})::integer AS n FROM pogs p JOIN users u ON u.id = p.user_id
      WHERE u.username LIKE ${`${prefix}%`} AND length(u.username) = ${prefix.length + 4}
    )
    INSERT INTO pog_reports (pog_id, user_id, reason, created_at)
    SELECT c.pog_id, r.id, 'Crowd report ' || k, ${now.toISOString()}::timestamptz
    FROM crowd c CROSS JOIN LATERAL generate_series(1, c.n % ${modulo}) AS k
    JOIN users r ON r.username = ${prefix} || lpad((((c.n + k - 1) % ${players}) + 1)::text, 4, '0')
    WHERE c.n <= ${flagged}`);
  await tx.execute(sql`
    UPDATE pogs p SET report_count = (SELECT count(*) FROM pog_reports r WHERE r.pog_id = p.id)
    FROM users u WHERE u.id = p.user_id AND u.username LIKE ${`${prefix}%`} AND length(u.username) = ${prefix.length + 4}`);
}

/** Inserts the crowd, numbered in id order (the oldest player and POG have the lowest ids). */
export async function insertCrowd(db: Db, { prefix, players, flagged, rejected = 0, reportsModulo }: CrowdOptions, now: Date): Promise<Crowd> {
  if (crowdUsername(prefix, players).length > 32) throw new Error(`The prefix ${prefix} makes usernames over 32 characters`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO users (username, display_name, password_hash, created_at)
      SELECT ${prefix} || lpad(n::text, 4, '0'), 'Crowd ' || n, 'not-a-password-hash', ${now.toISOString()}::timestamptz - (${players} - n) * interval '1 second'
      FROM generate_series(1, ${players}) AS n ORDER BY n`);
    await tx.execute(sql`
      WITH crowd AS (
        SELECT id, substr(username, ${prefix.length + 1})::integer AS n FROM users
        WHERE username LIKE ${`${prefix}%`} AND length(username) = ${prefix.length + 4}
      )
      INSERT INTO pogs (user_id, creator_id, name, text_content, rarity, points, scored_version, max_trades, trades_remaining,
                        is_flagged, moderation_status, created_at, updated_at)
      SELECT id, id, ${prefix} || ' disc ' || lpad(n::text, 4, '0'), 'CROWD', 'common', 100, 1, 15, 15,
             n <= ${flagged + rejected}, CASE WHEN n > ${flagged} AND n <= ${flagged + rejected} THEN 'rejected' ELSE 'none' END,
             ${now.toISOString()}::timestamptz - (${players} - n) * interval '1 second', ${now.toISOString()}::timestamptz
      FROM crowd ORDER BY n`);
    await tx.execute(sql`
      INSERT INTO player_counts (user_id, pogs_held)
      SELECT id, 1 FROM users WHERE username LIKE ${`${prefix}%`} AND length(username) = ${prefix.length + 4}
      ON CONFLICT (user_id) DO UPDATE SET pogs_held = player_counts.pogs_held + 1`);
    if (reportsModulo) await insertCrowdReports(tx, prefix, players, flagged, reportsModulo, now);
  });
  const numbers = Array.from({ length: players }, (_, i) => i + 1);
  return { usernames: numbers.map((n) => crowdUsername(prefix, n)), pogNames: numbers.map((n) => crowdPogName(prefix, n)) };
}
