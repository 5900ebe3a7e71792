-- The weekly arena (docs/rules.md, Arena): each UTC week from Monday 00:00 every completed battle
-- scores for both players. Written by the battle completion's own unit of work (battles/resolve.ts
-- through leaderboards/arena.ts), in the transaction that completes the battle.

-- One row per player per arena week they battled in: the points, the battles and wins that scored
-- (within the per-pair daily cap), and the current run of consecutive scoring wins.
CREATE TABLE arena_standings (
  week date NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  points integer NOT NULL DEFAULT 0,
  wins integer NOT NULL DEFAULT 0,
  battles integer NOT NULL DEFAULT 0,
  streak integer NOT NULL DEFAULT 0,
  PRIMARY KEY (week, user_id)
);
-- The board: a week's first rows in order; a player's place counts the rows before theirs.
CREATE INDEX arena_standings_points_idx ON arena_standings (week, points DESC, user_id) WHERE points > 0;
CREATE INDEX arena_standings_user_idx ON arena_standings (user_id);

-- One row per player per battle scored: what it gave them, and whether it counted (a pair's fourth
-- and later battles of a UTC day do not). The primary key makes scoring a battle twice impossible.
-- battle_id has no foreign key: a result stands as scored, like the standings it was added to.
CREATE TABLE arena_results (
  battle_id integer NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  opponent_id integer NOT NULL,
  week date NOT NULL,
  day date NOT NULL,
  won boolean NOT NULL,
  counted boolean NOT NULL,
  points integer NOT NULL,
  PRIMARY KEY (battle_id, user_id)
);
-- The pair's counted battles of a day.
CREATE INDEX arena_results_pair_day_idx ON arena_results (user_id, day, opponent_id) WHERE counted;
