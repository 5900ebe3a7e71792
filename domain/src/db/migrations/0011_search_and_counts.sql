-- Fast at 100,000 POGs: indexed search and player lists that never count the whole table.

-- Trigram indexes answer ILIKE '%term%' (case-insensitive, anywhere in the text) from an index on
-- both PostgreSQL and PGlite (which loads the extension when it opens the database).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX pogs_name_trgm_idx ON pogs USING gin (name gin_trgm_ops);
CREATE INDEX pogs_text_content_trgm_idx ON pogs USING gin (text_content gin_trgm_ops);
CREATE INDEX users_username_trgm_idx ON users USING gin (username gin_trgm_ops);
CREATE INDEX users_display_name_trgm_idx ON users USING gin (display_name gin_trgm_ops);

-- How many POGs each player holds, kept by the unit of work of every command that creates,
-- deletes or moves a POG (applied just before it commits, in player id order). A table of its own,
-- not a column of users: commands hold their players' rows in share mode (player-locks.ts), and
-- two of them raising that lock to update the same row would deadlock.
CREATE TABLE player_counts (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  pogs_held integer NOT NULL DEFAULT 0
);
INSERT INTO player_counts (user_id, pogs_held)
SELECT u.id, (SELECT count(*) FROM pogs p WHERE p.user_id = u.id) FROM users u;
