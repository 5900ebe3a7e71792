/**
 * Recomputes every player's all-time standing from the data itself and returns the players whose
 * kept standing differs: empty when the triggers kept the boards right. For tests and for an
 * operator's check; it reads every POG, battle and trade, so it is not for the request path.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { UserId } from '@pog/common/schemas/ids';

export interface StandingDrift {
  userId: UserId;
  kept: string;
  actual: string;
}

export async function standingsDrift(db: Db): Promise<StandingDrift[]> {
  const result = await db.execute(sql`
    WITH actual AS (
      SELECT u.id AS user_id, NOT u.is_banned AS listed,
        coalesce((SELECT sum(coalesce(points, 0)) FROM pogs WHERE user_id = u.id), 0) AS collection_value,
        (SELECT count(*) FROM battles WHERE status = 'completed' AND winner_id = u.id) AS wins,
        (SELECT count(*) FROM battles WHERE status = 'completed' AND u.id IN (challenger_id, defender_id)) AS battles,
        (SELECT count(*) FROM trades WHERE status = 'accepted' AND u.id IN (from_user_id, to_user_id)) AS trades,
        coalesce((SELECT sum(coalesce(points, 0)) FROM pogs WHERE creator_id = u.id), 0) AS design_points
      FROM users u
    ), kept AS (
      SELECT user_id, listed, collection_value, wins, battles, trades, design_points FROM player_standings WHERE period = '-infinity'
    )
    SELECT a.user_id AS "userId",
      concat_ws(' ', k.listed, k.collection_value, k.wins, k.battles, k.trades, k.design_points) AS kept,
      concat_ws(' ', a.listed, a.collection_value, a.wins, a.battles, a.trades, a.design_points) AS actual
    FROM actual a LEFT JOIN kept k ON k.user_id = a.user_id
    -- A player with nothing yet may have no row.
    WHERE (k.user_id IS NULL AND (a.collection_value <> 0 OR a.wins <> 0 OR a.battles <> 0 OR a.trades <> 0 OR a.design_points <> 0))
       OR (k.user_id IS NOT NULL AND (k.collection_value, k.wins, k.battles, k.trades, k.design_points) IS DISTINCT FROM
                                      (a.collection_value, a.wins, a.battles, a.trades, a.design_points))
       OR (k.user_id IS NOT NULL AND k.listed <> a.listed)`);
  return (result as unknown as { rows: StandingDrift[] }).rows;
}
