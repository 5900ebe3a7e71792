-- Both players contribute a seed of their own to a battle's rolls: the challenger's with the
-- challenge, the defender's with the accept, each fixed before the server's seed is revealed.
-- roll_version names the published rule the rolls follow (common/src/battles/rolls.ts): 1, the
-- server's seed alone (every battle created before this migration, which keeps verifying as it did);
-- 2, the server's seed and both players' seeds. New battles are written with 2 by the command.
ALTER TABLE battles
  ADD COLUMN roll_version integer NOT NULL DEFAULT 1 CHECK (roll_version IN (1, 2)),
  ADD COLUMN challenger_seed text CHECK (challenger_seed ~ '^[A-Za-z0-9_-]{1,64}$'),
  ADD COLUMN defender_seed text CHECK (defender_seed ~ '^[A-Za-z0-9_-]{1,64}$'),
  ADD CONSTRAINT battles_player_seeds_check CHECK (
    (roll_version = 1 AND challenger_seed IS NULL AND defender_seed IS NULL)
    OR (roll_version = 2 AND challenger_seed IS NOT NULL
        AND (status NOT IN ('accepted', 'completed') OR defender_seed IS NOT NULL))
  );
