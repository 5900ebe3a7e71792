-- The trigram indexes of usernames and display names hold them lower-cased. A player search
-- compares `lower(name) LIKE lower(term)`, which is what ILIKE does (it lower-cases both sides,
-- then compares as LIKE), so each candidate the index finds is checked by a plain LIKE on the
-- index's own expression, rather than by ILIKE lower-casing the name and the pattern again for
-- every candidate: the better part of collecting thousands of matches.
CREATE INDEX users_username_folded_trgm_idx ON users USING gin (lower(username) gin_trgm_ops);
CREATE INDEX users_display_name_folded_trgm_idx ON users USING gin (lower(display_name) gin_trgm_ops);
DROP INDEX users_username_trgm_idx;
DROP INDEX users_display_name_trgm_idx;
