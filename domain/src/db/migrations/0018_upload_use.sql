-- Pictures no POG uses are deleted some hours after their upload (the worker's uploads.sweep). A
-- picture a POG has shown is kept for good, even once that POG is deleted or given another picture:
-- events and pages already delivered still show it. used_at records the first time a POG named the
-- picture, written by the trigger below in the transaction that names it, so no command has to
-- remember it and a sweep running at the same moment waits for that row and then leaves it alone.
ALTER TABLE uploads ADD COLUMN used_at timestamptz;

CREATE FUNCTION uploads_mark_used() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE uploads SET used_at = pog_now() WHERE filename = substr(NEW.image_url, length('/uploads/') + 1) AND used_at IS NULL;
  RETURN NULL;
END
$$;

CREATE TRIGGER pogs_mark_upload_used AFTER INSERT OR UPDATE OF image_url ON pogs
  FOR EACH ROW WHEN (NEW.image_url LIKE '/uploads/%') EXECUTE FUNCTION uploads_mark_used();

-- What the sweep reads: the pictures never used, oldest first.
CREATE INDEX uploads_unused_idx ON uploads (created_at) WHERE used_at IS NULL;

-- Pictures uploaded before this migration: used if a POG names one now, or if an event still kept in
-- the outbox shows one (a POG deleted or changed since).
UPDATE uploads SET used_at = created_at
WHERE filename IN (
  SELECT substr(image_url, length('/uploads/') + 1) FROM pogs WHERE image_url LIKE '/uploads/%'
  UNION
  SELECT m[1] FROM outbox_events, regexp_matches(payload::text, '/uploads/([A-Za-z0-9_-]+\.(?:jpg|webp))', 'g') AS m
);
