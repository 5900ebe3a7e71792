-- Players' stats and recorded achievements (users/stats.ts), read in one call on its generic plan.
-- The statement's many counts cost more to plan than to run, so it ran in a transaction of its own
-- with plan_cache_mode set: three round trips (BEGIN, the read, COMMIT) for every achievements check
-- after a trade, a creation or a group of battles. A function carries the setting itself, and
-- PL/pgSQL keeps the plan for the connection: one round trip, in or out of a transaction.
-- `today` is the start of the UTC day; `since`, how far back a creation streak is looked for.
-- Trades done, battles fought and battles won are the all-time standing's (period -infinity).
CREATE FUNCTION player_progress(ids integer[], today timestamptz, since timestamptz)
RETURNS TABLE (
  id integer, username text, "pogCount" integer, "createdToday" integer, "createdTotal" integer,
  "sentToday" integer, "tradesDone" integer, "battleWins" integer, "offersSent" integer,
  "battlesFought" integer, "rareCreations" integer, "lastCreatedAt" timestamptz, "hasRejected" boolean,
  "creationDays" text[], completed json
)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN QUERY
    SELECT u.id, u.username,
      (SELECT count(*) FROM pogs p WHERE p.user_id = u.id)::int,
      (SELECT count(*) FROM pog_creations c WHERE c.user_id = u.id AND c.created_at >= today)::int,
      (SELECT count(*) FROM pog_creations c WHERE c.user_id = u.id AND c.kind = 'created')::int,
      (SELECT count(*) FROM trades t WHERE t.from_user_id = u.id AND t.created_at >= today)::int,
      coalesce(s.trades, 0),
      coalesce(s.wins, 0),
      (SELECT count(*) FROM trades t WHERE t.from_user_id = u.id)::int,
      coalesce(s.battles, 0),
      (SELECT count(*) FROM pogs p WHERE p.creator_id = u.id AND p.rarity IN ('rare', 'epic', 'legendary') AND p.scored_version IS NOT NULL AND p.moderation_status <> 'rejected')::int,
      (SELECT max(c.created_at) FROM pog_creations c WHERE c.user_id = u.id),
      EXISTS (SELECT 1 FROM pogs p WHERE p.creator_id = u.id AND p.moderation_status = 'rejected'),
      (SELECT array_agg(DISTINCT to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')) FROM pog_creations c
        WHERE c.user_id = u.id AND c.created_at >= since AND c.kind = 'created'),
      (SELECT json_agg(json_build_object('id', a.achievement_id, 'at', a.completed_at)) FROM user_achievements a WHERE a.user_id = u.id)
    FROM users u LEFT JOIN player_standings s ON s.period = DATE '-infinity' AND s.user_id = u.id
    WHERE u.id = ANY(ids);
END
$$;
