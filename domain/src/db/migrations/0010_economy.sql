-- The game's economy: who may edit a POG, edits that count as creations, and bans that
-- leave nothing open behind them.

-- Whether a POG ever changed hands (a trade accepted, a battle lost): its design is then frozen.
-- Set by the same statement that moves it. Existing POGs: any that moved by a trade or a battle,
-- or that is held by someone other than its creator.
ALTER TABLE pogs ADD COLUMN changed_hands boolean NOT NULL DEFAULT false;
UPDATE pogs p SET changed_hands = true
WHERE p.user_id <> p.creator_id
   OR EXISTS (SELECT 1 FROM trades t WHERE t.status = 'accepted' AND (t.offer_pog_id = p.id OR t.request_pog_id = p.id))
   OR EXISTS (
     SELECT 1 FROM battles b
     WHERE b.status = 'completed'
       AND ((b.challenger_pog_id = p.id AND b.winner_id = b.defender_id) OR (b.defender_pog_id = p.id AND b.winner_id = b.challenger_id))
   );

-- The creations log also records edits that changed a design: they count for the creation cooldown
-- and the daily limit, but not as POGs created (achievements, trusted creator, streaks).
ALTER TABLE pog_creations ADD COLUMN kind text NOT NULL DEFAULT 'created' CHECK (kind IN ('created', 'edited'));

-- Players banned before bans ended everything: their offers and challenges, accepted battles
-- included, end now (nothing moves; each POG stays with its owner).
UPDATE trades SET status = 'cancelled', cancel_reason = 'banned', decided_at = now()
WHERE status = 'pending'
  AND (from_user_id IN (SELECT id FROM users WHERE is_banned) OR to_user_id IN (SELECT id FROM users WHERE is_banned));
UPDATE battles SET status = 'cancelled', updated_at = now()
WHERE status IN ('pending', 'accepted')
  AND (challenger_id IN (SELECT id FROM users WHERE is_banned) OR defender_id IN (SELECT id FROM users WHERE is_banned));
