-- A searched player list first checks the first 500 players in name order
-- (users/directory.ts, playerSearchWindow). Read through users_username_lower_key, those 500 rows
-- are scattered over the table (name order is not insertion order): about 500 pages per search,
-- most of them read again through PGlite's small buffer pool. This index holds what the window
-- reads, in name order, so the window is an index-only scan of a few pages.
CREATE INDEX users_name_order_idx ON users (lower(username)) INCLUDE (id, username, display_name, is_banned);
