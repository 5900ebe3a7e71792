-- A wake only when another process acts on it.
--
-- A transaction that notifies takes a database-wide lock as it commits and holds it until its commit
-- is on disk (PostgreSQL's async.c: notifications are queued in commit order), so every unit of work
-- that notified committed one at a time, each waiting for the previous one's flush: trade offers
-- stopped at a few hundred a second while the same transactions without it went several times
-- faster. Most of those wakes were read by nobody: a relay skips the wakes of its own process (its
-- units of work woke it already), only the sequencer acts on events, and jobs written by a relay are
-- that relay's to hand over (the others adopt them by their poll, once orphaned). So a unit of work
-- of the sequencer's own process (pog.sequencer 'on', with its relay's pog.origin) wakes nobody for
-- its events, and one of any relay nobody for its jobs; everything else wakes as before. Should the
-- lease change hands while such a transaction runs, the new sequencer takes its events at its next
-- poll or wake.
CREATE OR REPLACE FUNCTION outbox_wake() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  origin text := coalesce(current_setting('pog.origin', true), '');
BEGIN
  IF origin <> '' AND (TG_TABLE_NAME = 'outbox_jobs' OR current_setting('pog.sequencer', true) = 'on') THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('pog_outbox', TG_TABLE_NAME || ':' || origin);
  RETURN NULL;
END
$$;
