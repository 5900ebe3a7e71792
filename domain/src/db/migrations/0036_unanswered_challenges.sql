-- Challenges that ended unanswered (cancelled or declined before any accept), by challenger and
-- defender: a new challenge looks up the challenger's last few to the same player within the hour
-- (battles/commands.ts), without reading the rest of their battles.
CREATE INDEX battles_unanswered_idx ON battles (challenger_id, defender_id, updated_at)
  WHERE status IN ('cancelled', 'declined') AND accepted_at IS NULL;
