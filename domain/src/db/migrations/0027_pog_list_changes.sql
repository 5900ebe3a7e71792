-- What changed on Explore's list, written by the transaction that changed it: a row per POG
-- inserted, deleted or changed in anything (its sort key, whether it is listed, and the creator and
-- rarity pages are filtered by, all after the change), and a row
-- with no POG when an owner's or creator's name changed (every page may show it). A process that
-- keeps pages (gateway routes/pog-list-answers.ts) asks which of these committed since the snapshot
-- its page was read at, and reads the page again only if one touches it. Old rows are pruned.
CREATE TABLE pog_list_changes (
  xid bigint NOT NULL DEFAULT (pg_current_xact_id()::text::bigint),
  pog_id integer,
  sort_points integer NOT NULL DEFAULT 0,
  listed boolean NOT NULL DEFAULT false,
  creator_id integer,
  rarity text,
  changed_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX pog_list_changes_xid_idx ON pog_list_changes (xid);

CREATE FUNCTION pog_list_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pog_list_changes (pog_id, sort_points, listed, creator_id, rarity)
  SELECT id, coalesce(points, 0), moderation_status <> 'rejected' AND NOT hidden_by_reports, creator_id, rarity FROM new_rows;
  RETURN NULL;
END $$;

-- Only rows that really changed: an UPDATE that sets a column to its own value shows nothing new.
CREATE FUNCTION pog_list_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pog_list_changes (pog_id, sort_points, listed, creator_id, rarity)
  SELECT n.id, coalesce(n.points, 0), n.moderation_status <> 'rejected' AND NOT n.hidden_by_reports, n.creator_id, n.rarity
  FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n IS DISTINCT FROM o;
  RETURN NULL;
END $$;

CREATE FUNCTION pog_list_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pog_list_changes (pog_id) SELECT id FROM old_rows;
  RETURN NULL;
END $$;

CREATE FUNCTION pog_list_everything() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pog_list_changes (pog_id) VALUES (NULL);
  RETURN NULL;
END $$;

CREATE TRIGGER pog_list_inserted AFTER INSERT ON pogs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pog_list_inserted();
CREATE TRIGGER pog_list_updated AFTER UPDATE ON pogs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pog_list_updated();
CREATE TRIGGER pog_list_deleted AFTER DELETE ON pogs REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pog_list_deleted();
CREATE TRIGGER pog_list_truncated AFTER TRUNCATE ON pogs FOR EACH STATEMENT EXECUTE FUNCTION pog_list_everything();
CREATE TRIGGER pog_list_renamed AFTER UPDATE OF username ON users FOR EACH ROW
  WHEN (OLD.username IS DISTINCT FROM NEW.username) EXECUTE FUNCTION pog_list_everything();
