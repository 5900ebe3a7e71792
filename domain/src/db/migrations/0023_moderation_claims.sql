-- Claims on the moderation queue: one admin at a time says they are reviewing a POG or a player.
-- One row per target; a row whose expires_at has passed is free (the next claim replaces it, and
-- an admin's claim clears their own lapsed rows). An ended admin session takes its claims with it.
CREATE TABLE moderation_claims (
  target_type text NOT NULL CHECK (target_type IN ('pog', 'user')),
  -- A POG's id or a player's, as target_type says: no foreign key, as in the audit log.
  target_id integer NOT NULL,
  admin_session_id integer NOT NULL REFERENCES admin_sessions (id) ON DELETE CASCADE,
  -- The admin-role player signed in beside the session when they claimed, and their name then.
  admin_user_id integer,
  admin_name text,
  claimed_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (target_type, target_id)
);
CREATE INDEX moderation_claims_expires_at_idx ON moderation_claims (expires_at);
CREATE INDEX moderation_claims_admin_session_idx ON moderation_claims (admin_session_id);
