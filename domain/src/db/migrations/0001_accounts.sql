-- Accounts, server-side sessions, notifications and system settings.
CREATE TABLE users (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  username text NOT NULL,
  display_name text NOT NULL,
  password_hash text NOT NULL,
  avatar_color text NOT NULL DEFAULT '#6366F1',
  role text NOT NULL DEFAULT 'user' CHECK (role IN ('admin', 'user')),
  is_banned boolean NOT NULL DEFAULT false,
  ban_reason text,
  last_moderated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username));

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);

CREATE TABLE notifications (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  link text,
  dedupe_key text,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_id_id_idx ON notifications (user_id, id);
CREATE UNIQUE INDEX notifications_user_dedupe_key ON notifications (user_id, dedupe_key);

CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
