-- Completed achievements (the catalogue itself lives in common/src/achievements/catalogue.ts).
-- A completion is recorded once and kept: its reward raises the player's limits for good.
CREATE TABLE user_achievements (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  achievement_id text NOT NULL CHECK (achievement_id ~ '^[a-z0-9-]{1,64}$'),
  completed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, achievement_id)
);

-- Battle wins are counted per player for the battle achievements and stats.
CREATE INDEX battles_winner_idx ON battles (winner_id) WHERE status = 'completed';
