-- Trades: one own POG offered for one POG of another player.
CREATE TABLE trades (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  from_user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  to_user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Kept (as null) when a POG is deleted later, so history survives.
  offer_pog_id integer REFERENCES pogs (id) ON DELETE SET NULL,
  request_pog_id integer REFERENCES pogs (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'rejected', 'cancelled', 'expired')),
  -- Why the system cancelled it (a POG moved, was deleted or rejected; a player was banned).
  cancel_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  decided_at timestamptz,
  CHECK (from_user_id <> to_user_id)
);
CREATE UNIQUE INDEX trades_one_pending_offer ON trades (from_user_id, offer_pog_id, request_pog_id) WHERE status = 'pending';
CREATE INDEX trades_from_user_idx ON trades (from_user_id, id);
CREATE INDEX trades_to_user_idx ON trades (to_user_id, id);
CREATE INDEX trades_sent_today_idx ON trades (from_user_id, created_at);
CREATE INDEX trades_pending_offer_pog_idx ON trades (offer_pog_id) WHERE status = 'pending';
CREATE INDEX trades_pending_request_pog_idx ON trades (request_pog_id) WHERE status = 'pending';
CREATE INDEX trades_pending_expiry_idx ON trades (expires_at) WHERE status = 'pending';
