-- The admins' review queue (moderation/queries.ts, awaitingReview): flagged POGs not rejected. Its
-- page and its exact count read this index of those POGs alone, not the whole table, however few
-- of them there are among all POGs.
CREATE INDEX pogs_awaiting_review_idx ON pogs (id) WHERE is_flagged AND moderation_status <> 'rejected';
