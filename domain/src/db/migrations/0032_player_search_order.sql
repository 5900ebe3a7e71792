-- A searched player list reads players in name order from one index and checks each against the
-- term (users/directory.ts: the window, and the walk when the matches are too many to collect).
-- users_name_order_idx held the usernames and display names as written, so each check lower-cased
-- both (ILIKE does) for every player read: most of the time of a walk. This index also holds the
-- display name lower-cased, as a key after the name key, so that `lower(username) LIKE lower(term)`
-- and `lower(display_name) LIKE lower(term)`, which is what ILIKE compares, are read from the index
-- and the check is a plain LIKE. It serves the name order as the index it replaces did.
CREATE INDEX users_name_search_idx ON users (lower(username), lower(display_name)) INCLUDE (id, username, display_name, is_banned);
DROP INDEX users_name_order_idx;
