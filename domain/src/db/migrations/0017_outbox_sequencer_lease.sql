-- The sequencer's lease: which relay sequences the outbox, in which term, and until when. The role
-- used to be a session advisory lock, which a stopped or cut-off process keeps for as long as its
-- connection looks open (until TCP gives up), with nothing waiting on it. A lease ends by itself:
-- its holder renews it every second or so, and once it has run out any other relay takes it, with
-- the next epoch. Every time is the database's clock (clock_timestamp()), never a process's.
CREATE TABLE outbox_sequencer (
  id integer PRIMARY KEY CHECK (id = 1),
  -- The holding relay's origin (a random id per relay); null before anyone took it.
  holder text,
  -- One more at each taking: a step of an earlier holder names an older epoch and is refused.
  epoch bigint NOT NULL,
  expires_at timestamptz NOT NULL,
  taken_at timestamptz
);
INSERT INTO outbox_sequencer (id, holder, epoch, expires_at) VALUES (1, NULL, 0, '-infinity');

-- A sequencing step fenced by the lease: it runs only while `me` holds the lease of epoch `term`,
-- and fails with SQLSTATE PF001 otherwise (the relay then stops sequencing). The lease row stays
-- share-locked until the step commits, so a taking (an UPDATE of that row) waits for a step that
-- passed the check: no step of an earlier holder commits after the lease changed hands.
CREATE FUNCTION outbox_sequence_leased(max_rows integer, me text, term bigint) RETURNS SETOF outbox_events LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM outbox_sequencer l
  WHERE l.id = 1 AND l.holder = me AND l.epoch = term AND l.expires_at > clock_timestamp()
  FOR SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the outbox sequencer lease of epoch % is not held by %', term, me USING ERRCODE = 'PF001';
  END IF;
  RETURN QUERY SELECT * FROM outbox_sequence(max_rows);
END
$$;
