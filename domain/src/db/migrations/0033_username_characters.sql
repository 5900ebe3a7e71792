-- Usernames hold only letters, digits, "_", "-" and "." (the register form's rule, from the first
-- release on). Said here too, a search term with any other ASCII character (a space, an "@", a "%")
-- cannot match a username, and a player search skips comparing it with each candidate's username
-- (users/directory.ts).
ALTER TABLE users ADD CONSTRAINT users_username_characters CHECK (username ~ '^[A-Za-z0-9_.-]+$');
