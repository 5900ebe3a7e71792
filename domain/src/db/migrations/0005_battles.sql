-- Battles: two players each risk one POG; the worker rolls; the winner takes the loser's POG.
CREATE TABLE battles (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'accepted', 'completed', 'declined', 'cancelled', 'expired')),
  battle_type text NOT NULL CHECK (battle_type IN ('standard', 'championship', 'flip')),
  challenger_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  defender_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- A deleted POG leaves the battle's history in place, without the POG.
  challenger_pog_id integer REFERENCES pogs (id) ON DELETE SET NULL,
  defender_pog_id integer REFERENCES pogs (id) ON DELETE SET NULL,
  -- Rarities when the battle was accepted: the bonuses are fixed then, whatever re-scoring does later.
  challenger_rarity text CHECK (challenger_rarity IN ('common', 'uncommon', 'rare', 'epic', 'legendary')),
  defender_rarity text CHECK (defender_rarity IN ('common', 'uncommon', 'rare', 'epic', 'legendary')),
  -- The secret seed (revealed by the API only once completed) and its published SHA-256 commitment.
  seed text NOT NULL CHECK (seed ~ '^[0-9a-f]{64}$'),
  seed_hash text NOT NULL CHECK (seed_hash ~ '^[0-9a-f]{64}$'),
  rounds jsonb,
  challenger_roll integer,
  defender_roll integer,
  winner_id integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  accepted_at timestamptz,
  completed_at timestamptz,
  -- When the open battle lapses: pending ones expire, accepted ones are completed by the system.
  expires_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (challenger_id <> defender_id),
  CHECK (status <> 'completed' OR (rounds IS NOT NULL AND challenger_roll IS NOT NULL AND defender_roll IS NOT NULL)),
  CHECK (status NOT IN ('accepted', 'completed') OR (challenger_rarity IS NOT NULL AND defender_rarity IS NOT NULL))
);

-- A POG is risked in at most one open battle on each side; the commands also check across sides
-- under the POG's row lock, and these indexes are the last line of defence.
CREATE UNIQUE INDEX battles_open_challenger_pog_key ON battles (challenger_pog_id) WHERE status IN ('pending', 'accepted');
CREATE UNIQUE INDEX battles_open_defender_pog_key ON battles (defender_pog_id) WHERE status IN ('pending', 'accepted');
CREATE INDEX battles_challenger_idx ON battles (challenger_id, id);
CREATE INDEX battles_defender_idx ON battles (defender_id, id);
CREATE INDEX battles_open_expiry_idx ON battles (expires_at) WHERE status IN ('pending', 'accepted');
