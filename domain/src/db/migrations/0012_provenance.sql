-- A POG's story: one row per event in its life, written in the same transaction as the
-- event itself (creation, an accepted trade, a completed battle, a moderation its owner was told
-- of), never reconstructed afterwards. POGs made before this migration have no rows for what came
-- before it: their page says that earlier history was not recorded.
CREATE TABLE pog_history (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  pog_id integer NOT NULL REFERENCES pogs (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('created', 'traded', 'battled', 'moderated')),
  trade_id integer REFERENCES trades (id) ON DELETE SET NULL,
  battle_id integer REFERENCES battles (id) ON DELETE SET NULL,
  -- What the page shows, as it was at that moment (names, the POG given in return, rolls, action).
  details jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX pog_history_pog_idx ON pog_history (pog_id, id);
-- Each trade and each battle is written once per POG.
CREATE UNIQUE INDEX pog_history_trade_key ON pog_history (pog_id, trade_id) WHERE trade_id IS NOT NULL;
CREATE UNIQUE INDEX pog_history_battle_key ON pog_history (pog_id, battle_id) WHERE battle_id IS NOT NULL;
