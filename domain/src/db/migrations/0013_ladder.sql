-- Counter-offers and leaderboards.

-- Counter-offers. A counter replaces a pending trade: the old one ends as 'countered' and the new one
-- (sent the other way) names it in counter_of, so a negotiation is a chain of trades.
ALTER TABLE trades DROP CONSTRAINT trades_status_check;
ALTER TABLE trades ADD CONSTRAINT trades_status_check CHECK (status IN ('pending', 'accepted', 'rejected', 'cancelled', 'expired', 'countered'));
ALTER TABLE trades ADD COLUMN counter_of integer REFERENCES trades (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX trades_counter_of_key ON trades (counter_of);

-- Leaderboards. Every player's standing on each board, all-time (period '-infinity') and per UTC
-- week (period: the week's Monday), kept by triggers in the very statements that change POGs,
-- battles and trades, so a board can never disagree with the data it summarises. The triggers are
-- per statement: each adds up its statement's changes per player and applies them in ascending
-- player order, so two transactions never wait on each other's standing rows in opposite orders.
-- A week's row holds what changed that week: collection value gained (can be negative), wins,
-- battles and trades completed, design points earned by scoring.
CREATE TABLE player_standings (
  period date NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Banned players are left off the boards.
  listed boolean NOT NULL DEFAULT true,
  collection_value bigint NOT NULL DEFAULT 0,
  wins integer NOT NULL DEFAULT 0,
  battles integer NOT NULL DEFAULT 0,
  trades integer NOT NULL DEFAULT 0,
  design_points bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (period, user_id)
);
-- One index per board: the page is its first rows, a player's rank counts the rows before theirs.
CREATE INDEX player_standings_value_idx ON player_standings (period, collection_value DESC, user_id) WHERE listed AND collection_value > 0;
CREATE INDEX player_standings_wins_idx ON player_standings (period, wins DESC, user_id) WHERE listed AND wins > 0;
CREATE INDEX player_standings_win_rate_idx ON player_standings (period, ((wins::float8 / battles)) DESC, user_id) WHERE listed AND battles >= 5;
CREATE INDEX player_standings_trades_idx ON player_standings (period, trades DESC, user_id) WHERE listed AND trades > 0;
CREATE INDEX player_standings_design_idx ON player_standings (period, design_points DESC, user_id) WHERE listed AND design_points > 0;
CREATE INDEX player_standings_user_idx ON player_standings (user_id);

-- The moment a change happened: the app's clock for the transaction (set by each unit of work as
-- pog.now), or the server's.
CREATE FUNCTION pog_now() RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(current_setting('pog.now', true), '')::timestamptz, now())
$$;

CREATE FUNCTION pog_week(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('week', at AT TIME ZONE 'UTC')::date
$$;

-- Changes summed per player (none for null), in ascending player order, leaving out players whose sums are all 0:
-- `changes` is an array of {user_id, collection_value, wins, battles, trades, design_points} (keys
-- left out count 0; a player may appear many times).
CREATE FUNCTION standing_sums(changes jsonb)
RETURNS TABLE (user_id integer, listed boolean, collection_value bigint, wins integer, battles integer, trades integer, design_points bigint)
LANGUAGE sql STABLE AS $$
  SELECT * FROM (
    SELECT d.user_id, NOT u.is_banned, sum(coalesce(d.collection_value, 0))::bigint AS v, sum(coalesce(d.wins, 0))::int AS w,
           sum(coalesce(d.battles, 0))::int AS b, sum(coalesce(d.trades, 0))::int AS t, sum(coalesce(d.design_points, 0))::bigint AS p
    FROM jsonb_to_recordset(changes) AS d(user_id integer, collection_value bigint, wins integer, battles integer, trades integer, design_points bigint)
    JOIN users u ON u.id = d.user_id
    GROUP BY d.user_id, u.is_banned
  ) AS sums
  WHERE v <> 0 OR w <> 0 OR b <> 0 OR t <> 0 OR p <> 0
  ORDER BY 1
$$;

-- Adds changes to the all-time standings and to this week's, in (player, period) order.
CREATE FUNCTION apply_standing_deltas(changes jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO player_standings AS s (period, user_id, listed, collection_value, wins, battles, trades, design_points)
  SELECT p.period, d.* FROM standing_sums(changes) AS d
  CROSS JOIN (VALUES ('-infinity'::date), (pog_week(pog_now()))) AS p(period)
  ORDER BY d.user_id, p.period
  ON CONFLICT (period, user_id) DO UPDATE SET
    collection_value = s.collection_value + excluded.collection_value,
    wins = s.wins + excluded.wins,
    battles = s.battles + excluded.battles,
    trades = s.trades + excluded.trades,
    design_points = s.design_points + excluded.design_points
$$;

-- A POG's points count for its holder's collection value and its creator's design points: what the
-- statement removed (old rows) is taken off, what it left (new rows) is added. (A transition table
-- exists only for the events that have it, hence the branches.)
CREATE FUNCTION pogs_standings_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added jsonb := '[]';
  removed jsonb := '[]';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT coalesce(jsonb_agg(c), '[]') INTO added FROM new_rows n, LATERAL (VALUES
      (jsonb_build_object('user_id', n.user_id, 'collection_value', coalesce(n.points, 0))),
      (jsonb_build_object('user_id', n.creator_id, 'design_points', coalesce(n.points, 0)))) AS v(c)
    WHERE coalesce(n.points, 0) <> 0;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT coalesce(jsonb_agg(c), '[]') INTO removed FROM old_rows o, LATERAL (VALUES
      (jsonb_build_object('user_id', o.user_id, 'collection_value', -coalesce(o.points, 0))),
      (jsonb_build_object('user_id', o.creator_id, 'design_points', -coalesce(o.points, 0)))) AS v(c)
    WHERE coalesce(o.points, 0) <> 0;
  END IF;
  PERFORM apply_standing_deltas(added || removed);
  RETURN NULL;
END
$$;

-- A battle counts once, when it becomes completed (battles are created pending): a battle for both
-- players, a win for the winner. A trade counts once, for both players, when it becomes accepted.
CREATE FUNCTION outcomes_standings_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  IF TG_TABLE_NAME = 'battles' THEN
    SELECT jsonb_agg(jsonb_build_object('user_id', uid, 'battles', 1, 'wins', (n.winner_id = uid)::int)) INTO changes
    FROM new_rows n JOIN old_rows o ON o.id = n.id, LATERAL (VALUES (n.challenger_id), (n.defender_id)) AS v(uid)
    WHERE n.status = 'completed' AND o.status <> 'completed';
  ELSE
    SELECT jsonb_agg(jsonb_build_object('user_id', uid, 'trades', 1)) INTO changes
    FROM new_rows n JOIN old_rows o ON o.id = n.id, LATERAL (VALUES (n.from_user_id), (n.to_user_id)) AS v(uid)
    WHERE n.status = 'accepted' AND o.status <> 'accepted';
  END IF;
  PERFORM apply_standing_deltas(changes);
  RETURN NULL;
END
$$;

-- A ban takes a player off the boards; lifting it puts them back.
CREATE FUNCTION users_standings_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.is_banned IS DISTINCT FROM OLD.is_banned THEN
    UPDATE player_standings SET listed = NOT NEW.is_banned WHERE user_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER pogs_standings_insert AFTER INSERT ON pogs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pogs_standings_trigger();
CREATE TRIGGER pogs_standings_update AFTER UPDATE ON pogs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pogs_standings_trigger();
CREATE TRIGGER pogs_standings_delete AFTER DELETE ON pogs REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pogs_standings_trigger();
CREATE TRIGGER battles_standings_update AFTER UPDATE ON battles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outcomes_standings_trigger();
CREATE TRIGGER trades_standings_update AFTER UPDATE ON trades REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outcomes_standings_trigger();
CREATE TRIGGER users_standings_update AFTER UPDATE OF is_banned ON users FOR EACH ROW EXECUTE FUNCTION users_standings_trigger();

-- The standings of the data already there (weeks: battles and trades by when they ended).
INSERT INTO player_standings (period, user_id, listed, collection_value, wins, battles, trades, design_points)
SELECT '-infinity', u.id, NOT u.is_banned,
  coalesce((SELECT sum(coalesce(points, 0)) FROM pogs WHERE user_id = u.id), 0),
  (SELECT count(*) FROM battles WHERE status = 'completed' AND winner_id = u.id),
  (SELECT count(*) FROM battles WHERE status = 'completed' AND u.id IN (challenger_id, defender_id)),
  (SELECT count(*) FROM trades WHERE status = 'accepted' AND u.id IN (from_user_id, to_user_id)),
  coalesce((SELECT sum(coalesce(points, 0)) FROM pogs WHERE creator_id = u.id), 0)
FROM users u;
INSERT INTO player_standings (period, user_id, listed, wins, battles, trades)
SELECT week, uid, NOT u.is_banned, sum(win), sum(fought), sum(traded)
FROM (
  SELECT pog_week(completed_at) AS week, challenger_id AS uid, (winner_id = challenger_id)::int AS win, 1 AS fought, 0 AS traded FROM battles WHERE status = 'completed'
  UNION ALL SELECT pog_week(completed_at), defender_id, (winner_id = defender_id)::int, 1, 0 FROM battles WHERE status = 'completed'
  UNION ALL SELECT pog_week(decided_at), from_user_id, 0, 0, 1 FROM trades WHERE status = 'accepted'
  UNION ALL SELECT pog_week(decided_at), to_user_id, 0, 0, 1 FROM trades WHERE status = 'accepted'
) AS c JOIN users u ON u.id = c.uid
GROUP BY week, uid, u.is_banned;
