-- The admin area: its own sessions, the moderation audit log, and player reports of POGs.

-- Admin sessions are separate from player sessions: the shared admin password starts one, in its
-- own cookie. Only the SHA-256 of the cookie's token is kept; the id is what the audit log names.
CREATE TABLE admin_sessions (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX admin_sessions_expires_at_idx ON admin_sessions (expires_at);

-- Who did what to which POG or player. No foreign keys: the log outlives sessions, POGs and users.
CREATE TABLE moderation_audit (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  admin_session_id integer NOT NULL,
  action text NOT NULL CHECK (action IN ('approved', 'rejected', 'deleted', 'banned', 'unbanned')),
  target_type text NOT NULL CHECK (target_type IN ('pog', 'user')),
  target_id integer NOT NULL,
  notes text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX moderation_audit_target_idx ON moderation_audit (target_type, target_id, id);

-- One report per player per POG; a report flags the POG for review.
CREATE TABLE pog_reports (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  pog_id integer NOT NULL REFERENCES pogs (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (pog_id, user_id)
);
