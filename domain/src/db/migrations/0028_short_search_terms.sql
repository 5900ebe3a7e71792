-- Search terms without three letters or digits in a row from an index. A trigram index cannot
-- answer ILIKE '%zq%' or '%...%' (the term holds no trigram), so a rare one read every row. These
-- indexes hold each row's distinct characters and pairs of characters, lower-cased as ILIKE
-- compares them: a row contains a term only if its set holds every pair of the lower-cased term
-- (its one character, for a term of one), so `search_grams(...) @> search_term_grams(term)`
-- finds the candidates and ILIKE still decides.
CREATE FUNCTION search_grams(body text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(s.folded, i, n)), '{}')
  FROM (SELECT lower(body) AS folded) AS s, generate_series(1, 2) AS n, generate_series(1, length(s.folded) - n + 1) AS i
$$;

CREATE FUNCTION search_term_grams(term text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN length(term) < 2 THEN ARRAY[lower(term)]
    ELSE ARRAY(SELECT DISTINCT substr(lower(term), i, 2) FROM generate_series(1, length(term) - 1) AS i) END
$$;

-- A POG's name and text in one set: a newline between them only adds pairs no term of the search
-- box holds (the set may hold more than either field's; ILIKE checks each field).
CREATE INDEX pogs_search_grams_idx ON pogs USING gin (search_grams(name || E'\n' || text_content));
-- A player's username and display name, the same way (the player list and Explore's creators).
CREATE INDEX users_search_grams_idx ON users USING gin (search_grams(username || E'\n' || display_name));
