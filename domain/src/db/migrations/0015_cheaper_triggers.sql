-- PostgreSQL's CPU per battle and per offer.
--
-- The ladder's triggers (0013) built a jsonb array of changes and handed it to a SQL function
-- (apply_standing_deltas over standing_sums). A SQL function's statements are planned again on
-- every call, and that upsert planned in about 0.5 ms: per battle, more than the battle's own
-- statements took. They also ran it for every UPDATE of battles and trades, even those that changed
-- no row (a statement trigger fires anyway: every battle completion ends the other offers of the
-- POG it moves, usually none). Now the triggers collect their statement's changes into plain arrays
-- and add_standings applies them, in PL/pgSQL, which keeps its plans for the session (with one
-- generic plan for the upsert), and returns at once when there is nothing to add. What is added up,
-- the order the rows are written in (ascending user_id, then period) and the leaving-out of players
-- whose sums are all 0 are as before.

-- Adds changes to the all-time standings and to this week's, in (player, period) order. Each array
-- holds one change per element, aligned with user_ids; a shorter or null array counts 0 for the
-- rest (unnest pads it with nulls). A player may appear many times.
CREATE FUNCTION add_standings(user_ids integer[], collection_values bigint[], design_points bigint[], wins integer[], battles integer[], trades integer[])
RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF user_ids IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO player_standings AS s (period, user_id, listed, collection_value, wins, battles, trades, design_points)
  SELECT p.period, d.user_id, NOT u.is_banned, d.v, d.w, d.b, d.t, d.dp
  FROM (
    SELECT c.user_id, sum(coalesce(c.v, 0))::bigint AS v, sum(coalesce(c.w, 0))::int AS w, sum(coalesce(c.b, 0))::int AS b,
           sum(coalesce(c.t, 0))::int AS t, sum(coalesce(c.dp, 0))::bigint AS dp
    FROM unnest(user_ids, collection_values, wins, battles, trades, design_points) AS c(user_id, v, w, b, t, dp)
    WHERE c.user_id IS NOT NULL
    GROUP BY c.user_id
  ) AS d
  JOIN users u ON u.id = d.user_id
  CROSS JOIN (VALUES ('-infinity'::date), (pog_week(pog_now()))) AS p(period)
  WHERE d.v <> 0 OR d.w <> 0 OR d.b <> 0 OR d.t <> 0 OR d.dp <> 0
  ORDER BY d.user_id, p.period
  ON CONFLICT (period, user_id) DO UPDATE SET (collection_value, wins, battles, trades, design_points) = (
    s.collection_value + excluded.collection_value, s.wins + excluded.wins, s.battles + excluded.battles,
    s.trades + excluded.trades, s.design_points + excluded.design_points);
END
$$;

-- A POG's points count for its holder's collection value and its creator's design points: what the
-- statement removed (old rows) is taken off, what it left (new rows) is added.
CREATE OR REPLACE FUNCTION pogs_standings_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  vals bigint[];
  designs bigint[];
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT array_agg(c.user_id), array_agg(c.value), array_agg(c.design) INTO ids, vals, designs
    FROM new_rows n, LATERAL (VALUES (n.user_id, coalesce(n.points, 0)::bigint, 0::bigint), (n.creator_id, 0, coalesce(n.points, 0))) AS c(user_id, value, design)
    WHERE coalesce(n.points, 0) <> 0;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT ids || array_agg(c.user_id), vals || array_agg(c.value), designs || array_agg(c.design) INTO ids, vals, designs
    FROM old_rows o, LATERAL (VALUES (o.user_id, -coalesce(o.points, 0)::bigint, 0::bigint), (o.creator_id, 0, -coalesce(o.points, 0))) AS c(user_id, value, design)
    WHERE coalesce(o.points, 0) <> 0;
  END IF;
  PERFORM add_standings(ids, vals, designs, NULL, NULL, NULL);
  RETURN NULL;
END
$$;

-- A battle counts once, when it becomes completed (battles are created pending): a battle for both
-- players, a win for the winner. A trade counts once, for both players, when it becomes accepted.
CREATE OR REPLACE FUNCTION outcomes_standings_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  won integer[];
  ones integer[];
BEGIN
  IF TG_TABLE_NAME = 'battles' THEN
    SELECT array_agg(v.uid), array_agg((n.winner_id = v.uid)::int), array_agg(1) INTO ids, won, ones
    FROM new_rows n JOIN old_rows o ON o.id = n.id, LATERAL (VALUES (n.challenger_id), (n.defender_id)) AS v(uid)
    WHERE n.status = 'completed' AND o.status <> 'completed';
    PERFORM add_standings(ids, NULL, NULL, won, ones, NULL);
  ELSE
    SELECT array_agg(v.uid), array_agg(1) INTO ids, ones
    FROM new_rows n JOIN old_rows o ON o.id = n.id, LATERAL (VALUES (n.from_user_id), (n.to_user_id)) AS v(uid)
    WHERE n.status = 'accepted' AND o.status <> 'accepted';
    PERFORM add_standings(ids, NULL, NULL, NULL, NULL, ones);
  END IF;
  RETURN NULL;
END
$$;

-- Nothing calls these any more.
DROP FUNCTION apply_standing_deltas(jsonb);
DROP FUNCTION standing_sums(jsonb);
