-- The audit log's action for Delete spammer: one line for the ban, the POGs removed and the trades
-- and battles ended together.
ALTER TABLE moderation_audit DROP CONSTRAINT moderation_audit_action_check;
ALTER TABLE moderation_audit ADD CONSTRAINT moderation_audit_action_check
  CHECK (action IN ('flagged', 'reported', 'approved', 'rejected', 'deleted', 'banned', 'unbanned', 'role_changed', 'spammer_deleted'));
