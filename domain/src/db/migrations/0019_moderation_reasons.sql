-- Why a POG was flagged, and an audit log of every moderation action, manual and automatic.

-- The reason of a POG's latest flag, written with the flag in the same transaction: a word of the
-- blocklist (flag_word), an image that repeats another player's POG (flag_repeats_pog_id: no foreign
-- key, the id stays meaningful in the log once that POG is deleted), or a player's report.
ALTER TABLE pogs
  ADD COLUMN flag_cause text CHECK (flag_cause IN ('words', 'image', 'report')),
  ADD COLUMN flag_word text,
  ADD COLUMN flag_repeats_pog_id integer;

-- The audit log names every actor, not only admin password sessions: the server's automatic checks,
-- a reporting player, an operator at the command line. An admin's line keeps when their password
-- session started and, when an admin-role player was signed in beside it, that player, with the
-- names as they were then (the sessions, POGs and players it names may be gone since).
ALTER TABLE moderation_audit ALTER COLUMN admin_session_id DROP NOT NULL;
ALTER TABLE moderation_audit
  ADD COLUMN actor_kind text NOT NULL DEFAULT 'admin' CHECK (actor_kind IN ('admin', 'automatic', 'player', 'operator')),
  ADD COLUMN admin_session_started_at timestamptz,
  ADD COLUMN actor_user_id integer,
  ADD COLUMN actor_name text,
  ADD COLUMN target_name text,
  ADD COLUMN flag_cause text CHECK (flag_cause IN ('words', 'image', 'report')),
  ADD COLUMN flag_word text,
  ADD COLUMN flag_repeats_pog_id integer;
ALTER TABLE moderation_audit ALTER COLUMN actor_kind DROP DEFAULT;
ALTER TABLE moderation_audit DROP CONSTRAINT moderation_audit_action_check;
ALTER TABLE moderation_audit ADD CONSTRAINT moderation_audit_action_check
  CHECK (action IN ('flagged', 'reported', 'approved', 'rejected', 'deleted', 'banned', 'unbanned', 'role_changed'));
ALTER TABLE moderation_audit ADD CONSTRAINT moderation_audit_admin_session_check
  CHECK ((actor_kind = 'admin') = (admin_session_id IS NOT NULL));

-- Lines written before: when their session started, if it is still kept.
UPDATE moderation_audit a SET admin_session_started_at = s.created_at FROM admin_sessions s WHERE s.id = a.admin_session_id;

-- The Audit log tab's filters (newest first within each) and the retention sweep (oldest first).
CREATE INDEX moderation_audit_action_idx ON moderation_audit (action, id);
CREATE INDEX moderation_audit_admin_session_idx ON moderation_audit (admin_session_id, id) WHERE admin_session_id IS NOT NULL;
CREATE INDEX moderation_audit_actor_user_idx ON moderation_audit (actor_user_id, id) WHERE actor_user_id IS NOT NULL;
CREATE INDEX moderation_audit_target_id_idx ON moderation_audit (target_id, id);
CREATE INDEX moderation_audit_created_at_idx ON moderation_audit (created_at);
