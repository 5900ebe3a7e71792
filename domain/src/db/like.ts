import { sql, type SQL } from 'drizzle-orm';

/** An ILIKE pattern matching `text` anywhere, its own `%`, `_` and `\` taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
