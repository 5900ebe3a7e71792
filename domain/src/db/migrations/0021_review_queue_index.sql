-- The admins' review queue (moderation/queries.ts, awaitingReview): flagged POGs not rejected. Its
-- page and its exact count read this index of those POGs alone, not the whole table, however few
-- of them there are among all POGs. IF NOT EXISTS: a database may already hold it from when this
-- file was numbered 0019, before 0019_moderation_reasons.sql took that number.
CREATE INDEX IF NOT EXISTS pogs_awaiting_review_idx ON pogs (id) WHERE is_flagged AND moderation_status <> 'rejected';
