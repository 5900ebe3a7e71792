-- Reports with weight: how many players reported a POG, kept on the POG by the report's own
-- transaction (moderation/reports.ts), so the review queue can show and order by it; a POG that
-- enough players reported while it awaits a decision is hidden from everyone but its owner until a
-- moderator decides; and each report remembers when a decision answered it, so its reporter is told
-- once.

ALTER TABLE pogs
  ADD COLUMN report_count integer NOT NULL DEFAULT 0 CHECK (report_count >= 0),
  ADD COLUMN hidden_by_reports boolean NOT NULL DEFAULT false;

UPDATE pogs p SET report_count = r.n
FROM (SELECT pog_id, count(*)::integer AS n FROM pog_reports GROUP BY pog_id) r
WHERE r.pog_id = p.id;

-- When a moderator's decision answered the report (its reporter was told then); null while open.
-- Reports older than the POG's last decision were answered by it (their reporters are not told now).
ALTER TABLE pog_reports ADD COLUMN resolved_at timestamptz;
UPDATE pog_reports r SET resolved_at = p.last_moderated_at
FROM pogs p
WHERE p.id = r.pog_id AND p.last_moderated_at IS NOT NULL AND r.created_at <= p.last_moderated_at;

-- Explore's partial indexes leave out hidden POGs as they leave out rejected ones: the list's
-- predicate (pogs/repository.ts `listed`, pogs/list-page.ts) is written exactly as these are.
DROP INDEX pogs_listed_recent_idx;
DROP INDEX pogs_listed_trending_idx;
CREATE INDEX pogs_listed_recent_idx ON pogs (id) WHERE moderation_status <> 'rejected' AND NOT hidden_by_reports;
CREATE INDEX pogs_listed_trending_idx ON pogs ((coalesce(points, 0)), id) WHERE moderation_status <> 'rejected' AND NOT hidden_by_reports;

-- An owner's own hidden POGs, merged into their Explore pages (few, usually none).
CREATE INDEX pogs_hidden_by_reports_idx ON pogs (user_id, id) WHERE hidden_by_reports;

-- The review queue, most reported first (newest first among equals), under the same predicate as
-- pogs_awaiting_review_idx (moderation/queries.ts `awaitingReview`).
CREATE INDEX pogs_review_by_reports_idx ON pogs (report_count, id) WHERE is_flagged AND moderation_status <> 'rejected';
