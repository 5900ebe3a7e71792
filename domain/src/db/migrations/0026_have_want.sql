-- Have and Want (docs/rules.md, Have and Want): a player's marks on POGs, written by the marks'
-- own unit of work (wishlists/commands.ts). The Matches panel (wishlists/matches.ts) reads them from
-- the player outward: their own marks by player, the other players' wants of their POGs by POG, and
-- the other players' POGs up for trade by player, so its cost follows the player's lists, not the
-- size of the game.

-- Another player's POG a player wants.
CREATE TABLE pog_wants (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  pog_id integer NOT NULL REFERENCES pogs (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, pog_id)
);
-- Who wants a POG.
CREATE INDEX pog_wants_pog_idx ON pog_wants (pog_id, user_id);

-- A POG its owner put up for trade, naming that owner: the mark is theirs and goes when the POG
-- changes hands (commitments.ts). A row whose user_id is no longer the POG's owner counts for nothing.
CREATE TABLE pog_haves (
  pog_id integer PRIMARY KEY REFERENCES pogs (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- A player's POGs up for trade.
CREATE INDEX pog_haves_user_idx ON pog_haves (user_id, pog_id);
