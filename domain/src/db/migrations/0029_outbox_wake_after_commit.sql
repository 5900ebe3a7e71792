-- Notifications sent after the commit that caused them, not from inside it.
--
-- A transaction that notifies takes one database-wide lock at commit and holds it until the commit
-- is over, its WAL flush included: every notifying commit waited for the one before it to reach the
-- disk, so commits could not be flushed together, and each command's commit (a challenge, an accept,
-- a group of completions, a sequencing pass) queued behind the others'. Now:
--
-- - a unit of work written by a relay (pog.origin set) wakes nobody from the database: its own relay
--   was woken by its process, and when it is not the sequencer it tells the sequencer itself, in a
--   statement of its own (outbox/relay.ts). Writers with no relay (a CLI, a script) still wake the
--   relays from the trigger, as before;
-- - a sequencing pass no longer notifies the gateways: its caller does, once the pass has committed
--   (outbox/store.ts, sequenceEvents).
--
-- A notification alone writes no WAL before its commit record, so its commit does not wait for a
-- flush and holds the lock only for a moment.
CREATE OR REPLACE FUNCTION outbox_wake() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('pog.origin', true), '') = '' THEN
    PERFORM pg_notify('pog_outbox', TG_TABLE_NAME || ':');
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION outbox_sequence(max_rows integer) RETURNS SETOF outbox_events LANGUAGE plpgsql AS $$
DECLARE
  last bigint;
  ids bigint[];
BEGIN
  SELECT s.last_seq INTO last FROM outbox_state s WHERE s.id = 1 FOR UPDATE;
  SELECT array_agg(b.id ORDER BY b.id) INTO ids
  FROM (SELECT e.id FROM outbox_events e WHERE e.seq IS NULL ORDER BY e.id LIMIT max_rows) AS b;
  IF ids IS NULL THEN
    RETURN;
  END IF;
  UPDATE outbox_state SET last_seq = last + cardinality(ids) WHERE outbox_state.id = 1;
  RETURN QUERY
  WITH batch AS (
    SELECT e.id, e.stream, b.n AS rn FROM unnest(ids) WITH ORDINALITY AS b(id, n) JOIN outbox_events e ON e.id = b.id
  ), numbered AS (
    SELECT batch.id, batch.stream, batch.rn,
           row_number() OVER (PARTITION BY batch.stream ORDER BY batch.rn) AS srn,
           count(*) OVER (PARTITION BY batch.stream) AS total
    FROM batch
  ), heads AS (
    INSERT INTO outbox_streams AS s (stream, position)
    SELECT batch.stream, count(*) FROM batch GROUP BY batch.stream ORDER BY batch.stream
    ON CONFLICT (stream) DO UPDATE SET position = s.position + excluded.position
    RETURNING s.stream, s.position
  ), marked AS (
    UPDATE outbox_events e SET seq = last + nb.rn, position = h.position - nb.total + nb.srn, sequenced_at = clock_timestamp()
    FROM numbered nb JOIN heads h ON h.stream = nb.stream
    WHERE e.id = nb.id
    RETURNING e.*
  )
  SELECT * FROM marked ORDER BY marked.seq;
END
$$;
