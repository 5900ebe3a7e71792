-- A command that serialises a player's limits (moderation/player-locks.ts) locks the players' rows
-- FOR SHARE, then the limits locks: two round trips on every offer, counter-offer, creation and
-- design edit. This does both in one call, in the same order: RETURN QUERY runs to its end (every
-- row locked, ascending id) before the advisory locks are taken (the order `limited` is given in),
-- and only for players who exist.
CREATE FUNCTION lock_players(ids integer[], limited integer[], lock_space integer)
RETURNS TABLE (id integer, username text, "avatarColor" text, "isBanned" boolean, "banReason" text)
LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
    SELECT u.id, u.username, u.avatar_color, u.is_banned, u.ban_reason FROM users u WHERE u.id = ANY(ids) ORDER BY u.id FOR SHARE;
  PERFORM pg_advisory_xact_lock(lock_space, l.id)
    FROM unnest(limited) WITH ORDINALITY AS l(id, n)
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = l.id)
    ORDER BY l.n;
END
$$;
