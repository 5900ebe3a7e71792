-- POGs, the images they use, and the log of creations that limits count against.
CREATE TABLE uploads (
  filename text PRIMARY KEY,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  content_type text NOT NULL,
  bytes integer NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  image_hash text NOT NULL,
  image_detail real NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE pogs (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  -- The owner (trades and battles change it) and the designer (never changes).
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  creator_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  text_content text NOT NULL DEFAULT '',
  font_family text NOT NULL DEFAULT 'Bangers',
  text_color text NOT NULL DEFAULT '#FFFFFF',
  background_color1 text NOT NULL DEFAULT '#6366F1',
  background_color2 text NOT NULL DEFAULT '#EC4899',
  image_url text NOT NULL DEFAULT '',
  image_style text NOT NULL DEFAULT 'cover' CHECK (image_style IN ('cover', 'contain', 'fill')),
  -- Perceptual hash (16 hex digits) and its four 16-bit chunks, indexed for multi-index hashing.
  image_hash text,
  hash_c0 integer,
  hash_c1 integer,
  hash_c2 integer,
  hash_c3 integer,
  image_detail real,
  -- Keys for design uniqueness of POGs without an image.
  colour_pair_key text NOT NULL DEFAULT '',
  text_key text NOT NULL DEFAULT '',
  rarity text NOT NULL DEFAULT 'common' CHECK (rarity IN ('common', 'uncommon', 'rare', 'epic', 'legendary')),
  score real,
  points integer,
  harmony real,
  uniqueness real,
  complexity real,
  -- Every design change bumps the version; scoring records the version it scored.
  design_version integer NOT NULL DEFAULT 1,
  scored_version integer,
  scored_at timestamptz,
  -- The creator's own cap (null: the rarity's supply); max_trades is the cap in force.
  requested_max_trades integer CHECK (requested_max_trades >= 0),
  max_trades integer NOT NULL CHECK (max_trades >= 0),
  trades_remaining integer NOT NULL CHECK (trades_remaining >= 0),
  cooldown_until timestamptz,
  is_flagged boolean NOT NULL DEFAULT false,
  is_approved boolean NOT NULL DEFAULT false,
  moderation_status text NOT NULL DEFAULT 'none' CHECK (moderation_status IN ('none', 'approved', 'rejected')),
  moderation_notes text,
  last_moderated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pogs_user_id_idx ON pogs (user_id, id);
CREATE INDEX pogs_creator_id_idx ON pogs (creator_id, id);
CREATE INDEX pogs_listed_recent_idx ON pogs (id) WHERE moderation_status <> 'rejected';
CREATE INDEX pogs_listed_trending_idx ON pogs ((coalesce(points, 0)), id) WHERE moderation_status <> 'rejected';
CREATE INDEX pogs_hash_c0_idx ON pogs (hash_c0) WHERE hash_c0 IS NOT NULL;
CREATE INDEX pogs_hash_c1_idx ON pogs (hash_c1) WHERE hash_c1 IS NOT NULL;
CREATE INDEX pogs_hash_c2_idx ON pogs (hash_c2) WHERE hash_c2 IS NOT NULL;
CREATE INDEX pogs_hash_c3_idx ON pogs (hash_c3) WHERE hash_c3 IS NOT NULL;
CREATE INDEX pogs_colour_pair_key_idx ON pogs (colour_pair_key);
CREATE INDEX pogs_text_key_idx ON pogs (text_key);
CREATE INDEX pogs_flagged_idx ON pogs (id) WHERE is_flagged;

-- One row per POG ever created (deleting a POG does not give back a daily creation).
CREATE TABLE pog_creations (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  pog_id integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pog_creations_user_idx ON pog_creations (user_id, created_at);
