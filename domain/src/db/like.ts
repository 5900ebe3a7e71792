import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** An ILIKE pattern matching `text` anywhere, its own `%`, `_` and `\` taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `column ILIKE pattern` as ILIKE computes it: both sides lower-cased, then compared by LIKE. On a
 * column whose index holds it lower-cased, each row the index finds is checked by a plain LIKE on the
 * index's expression, where ILIKE would lower-case the column and the pattern again for every row.
 */
export const foldedLike = (column: SQLWrapper, pattern: string): SQL => sql`lower(${column}) LIKE lower(${pattern})`;

/** Three letters or digits in a row: what a trigram index needs to find the rows containing a term. */
const TRIGRAM_WORD = /[\p{L}\p{N}]{3}/u;

/**
 * For a term the trigram indexes cannot find ('a', 'zq', '...'), a condition true of every row
 * whose `body` contains it case-insensitively, answered by a search_grams index on that very
 * expression (migration 0028); ILIKE must still decide. Undefined for the other terms.
 */
export function gramsCondition(body: SQL, text: string): SQL | undefined {
  return TRIGRAM_WORD.test(text) ? undefined : sql`search_grams(${body}) @> search_term_grams(${text}::text)`;
}
