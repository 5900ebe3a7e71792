-- What changed on the player lists (users/directory.ts), written by the transaction that changed it:
-- a row per player inserted, deleted or changed in what a list shows or filters by (the name, the
-- display name, the colour, the role, the ban; the POGs held in player_counts), with the name's
-- list key (lower(username)) before and after the change, or a row with no player for every page.
-- A process that keeps pages (gateway routes/player-list-answers.ts) asks whether one committed
-- since the snapshot its page was read at falls on the page, and reads it again only then. Old rows
-- are pruned with Explore's (pogs/list-changes.ts).
CREATE TABLE player_list_changes (
  xid bigint NOT NULL DEFAULT (pg_current_xact_id()::text::bigint),
  user_id integer,
  name_key text,
  old_name_key text,
  changed_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX player_list_changes_xid_idx ON player_list_changes (xid);

CREATE FUNCTION player_list_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO player_list_changes (user_id, name_key) SELECT id, lower(username) FROM new_rows;
  RETURN NULL;
END $$;

-- Only the columns a list shows or filters by: a new password or a moderation time changes no page.
CREATE FUNCTION player_list_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO player_list_changes (user_id, name_key, old_name_key)
  SELECT n.id, lower(n.username), lower(o.username)
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE (n.username, n.display_name, n.avatar_color, n.role, n.is_banned) IS DISTINCT FROM (o.username, o.display_name, o.avatar_color, o.role, o.is_banned);
  RETURN NULL;
END $$;

CREATE FUNCTION player_list_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO player_list_changes (user_id, old_name_key) SELECT id, lower(username) FROM old_rows;
  RETURN NULL;
END $$;

-- The POGs a player holds: the lists show the count and `holding=1` filters by it.
CREATE FUNCTION player_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO player_list_changes (user_id, name_key)
  SELECT c.user_id, (SELECT lower(u.username) FROM users u WHERE u.id = c.user_id) FROM new_rows c;
  RETURN NULL;
END $$;

CREATE FUNCTION player_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO player_list_changes (user_id, name_key)
  SELECT n.user_id, (SELECT lower(u.username) FROM users u WHERE u.id = n.user_id)
  FROM new_rows n JOIN old_rows o ON o.user_id = n.user_id WHERE n.pogs_held IS DISTINCT FROM o.pogs_held;
  RETURN NULL;
END $$;

CREATE FUNCTION player_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO player_list_changes (user_id, name_key)
  SELECT c.user_id, (SELECT lower(u.username) FROM users u WHERE u.id = c.user_id) FROM old_rows c;
  RETURN NULL;
END $$;

CREATE FUNCTION player_list_everything() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO player_list_changes (user_id) VALUES (NULL);
  RETURN NULL;
END $$;

CREATE TRIGGER player_list_inserted AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION player_list_inserted();
CREATE TRIGGER player_list_updated AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION player_list_updated();
CREATE TRIGGER player_list_deleted AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION player_list_deleted();
CREATE TRIGGER player_list_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION player_list_everything();
CREATE TRIGGER player_counts_inserted AFTER INSERT ON player_counts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION player_counts_changed();
CREATE TRIGGER player_counts_updated AFTER UPDATE ON player_counts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION player_counts_updated();
CREATE TRIGGER player_counts_deleted AFTER DELETE ON player_counts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION player_counts_deleted();
CREATE TRIGGER player_counts_truncated AFTER TRUNCATE ON player_counts FOR EACH STATEMENT EXECUTE FUNCTION player_list_everything();
