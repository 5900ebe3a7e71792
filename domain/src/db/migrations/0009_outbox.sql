-- The outbox: every event and follow-up job a change causes is written in the change's own
-- transaction, and relayed after commit (domain/src/outbox). Nothing between a commit and a
-- player's screen depends on Redis or on a process staying up.

-- Events for a stream: 'user:<id>' (one player), 'admins' (the moderation queue) or 'cluster'
-- (messages between processes, e.g. "drop this cached session"). The sequencer gives each committed
-- row, in order, a global `seq` (the order every gateway delivers in) and a `position` in its stream
-- (what a reconnecting client asks to resume after).
CREATE TABLE outbox_events (
  id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  stream text NOT NULL,
  name text NOT NULL,
  payload jsonb NOT NULL,
  seq bigint,
  position bigint,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  sequenced_at timestamptz,
  CHECK ((seq IS NULL) = (position IS NULL))
);
CREATE INDEX outbox_events_unsequenced_idx ON outbox_events (id) WHERE seq IS NULL;
CREATE UNIQUE INDEX outbox_events_seq_key ON outbox_events (seq);
CREATE UNIQUE INDEX outbox_events_stream_position_key ON outbox_events (stream, position);

-- The last position given in each stream; kept when old events are pruned, so positions never repeat.
CREATE TABLE outbox_streams (
  stream text PRIMARY KEY,
  position bigint NOT NULL
);

-- The last global seq given (one row).
CREATE TABLE outbox_state (
  id integer PRIMARY KEY CHECK (id = 1),
  last_seq bigint NOT NULL
);
INSERT INTO outbox_state (id, last_seq) VALUES (1, 0);

-- Follow-up jobs. `origin`: the relay of the process that wrote it (it delivers its own rows at
-- once; others take them over only when they are left waiting). `delivered_at`: handed to the queue;
-- `done_at`: a processor finished it (or it failed for good). A row delivered but not done is handed
-- over again (same job id) when the queue may have lost it, e.g. a Redis that restarted empty.
CREATE TABLE outbox_jobs (
  id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  name text NOT NULL,
  payload jsonb NOT NULL,
  attempts integer,
  origin text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  delivered_at timestamptz,
  done_at timestamptz
);
CREATE INDEX outbox_jobs_open_idx ON outbox_jobs (id) WHERE done_at IS NULL;

-- Wakes the relays at commit (a notification is delivered only if its transaction commits, and
-- PostgreSQL folds repeats within one transaction into one).
CREATE FUNCTION outbox_wake() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pog_outbox', '');
  RETURN NULL;
END
$$;
CREATE TRIGGER outbox_events_wake AFTER INSERT ON outbox_events FOR EACH STATEMENT EXECUTE FUNCTION outbox_wake();
CREATE TRIGGER outbox_jobs_wake AFTER INSERT ON outbox_jobs FOR EACH STATEMENT EXECUTE FUNCTION outbox_wake();
