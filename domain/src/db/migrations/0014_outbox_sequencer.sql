-- The outbox's relay in fewer round trips.

-- The wake says what was written and by whom: '<table>:<origin>' ('outbox_events' or 'outbox_jobs',
-- and the writing relay's origin, which each unit of work sets as pog.origin; empty when none). A
-- relay skips its own wakes (its process woke it already), sequences on events and claims jobs only
-- when they are nobody's (others' jobs are their own relay's, or adopted by the poll when orphaned),
-- instead of doing both on every commit anywhere.
CREATE OR REPLACE FUNCTION outbox_wake() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pog_outbox', TG_TABLE_NAME || ':' || coalesce(current_setting('pog.origin', true), ''));
  RETURN NULL;
END
$$;

-- One sequencing pass in one call: takes the state row's lock (sequencers are serialised by it), then,
-- in statements that each see what committed before the lock was granted, gives the committed,
-- unsequenced events (oldest first, at most max_rows) their global seq and their position in their
-- stream (in id order), moves the heads and notifies the gateways. Returns the events it sequenced,
-- in seq order: the caller selects what it needs of them (a gateway delivers them straight away).
CREATE FUNCTION outbox_sequence(max_rows integer) RETURNS SETOF outbox_events LANGUAGE plpgsql AS $$
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
  PERFORM pg_notify('pog_outbox_seq', (last + cardinality(ids))::text);
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
