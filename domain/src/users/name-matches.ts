/**
 * Every player whose name matched a search term, remembered for the longer terms typed after it.
 * A term that extends another can only match players the shorter one matched (a name holding
 * "ember fa" holds "ember f"), or players changed since: new ones, renamed, unbanned. So when the
 * player search collected all of a term's matches and they were few, the next keystrokes' pages
 * are read among those players and the ones the change log (player_list_changes) names since the
 * snapshot they were read at, with the same conditions as a full search: a few lookups by key
 * instead of the trigram indexes' thousands of candidates. (It holds because ILIKE lower-cases
 * character by character, as the database's libc collations do.)
 */
import { sql, type SQL } from 'drizzle-orm';
import type { UserId } from '@pog/common/schemas/ids';
import { CHANGES_KEPT_MS, committedSince } from '../pogs/list-changes';

/** A term's matches are remembered only when there are at most this many: reading them again must cost less than a search. */
export const NAME_MATCHES_MAX_PLAYERS = 500;
/** Terms remembered at most (the least recently remembered goes first). */
export const NAME_MATCHES_KEPT = 256;

export interface NameMatches {
  /** The term as searched (a leading @ dropped). */
  term: string;
  /** The players not banned whose username or display name matched it. */
  ids: UserId[];
  /** The database snapshot they were read at (a `pg_current_snapshot()` as text). */
  snapshot: string;
}

/**
 * The players that can match a term extending `known.term`: those it matched, and those a change
 * committed since its snapshot names (a row with no player, a truncation, leaves no one to add: every
 * player since is an insert of its own).
 */
export function possibleMatches(known: NameMatches): SQL {
  if (!known.ids.every((id) => Number.isInteger(id))) throw new Error('player ids must be integers');
  return sql`SELECT unnest(${`{${known.ids.join(',')}}`}::int[])
    UNION ALL SELECT c.user_id FROM player_list_changes c, (SELECT ${known.snapshot}::pg_snapshot AS s) AS read_at
    WHERE ${sql.raw(committedSince('c.xid', 'read_at.s'))}`;
}

/**
 * The sets of one process, each used for as long as the change log surely still holds every change
 * since its snapshot (the log keeps changes for `CHANGES_KEPT_MS`).
 */
export class RecentNameMatches {
  private readonly sets = new Map<string, NameMatches & { readAt: number }>();

  constructor(
    private readonly max = NAME_MATCHES_KEPT,
    private readonly freshMs = CHANGES_KEPT_MS / 2,
  ) {}

  /** The remembered matches of the longest term `term` starts with (itself included). */
  covering(term: string): NameMatches | undefined {
    const now = performance.now();
    for (let end = term.length; end > 0; end--) {
      const known = this.sets.get(term.slice(0, end));
      if (known && now - known.readAt <= this.freshMs) return known;
    }
    return undefined;
  }

  remember(matches: NameMatches): void {
    this.sets.delete(matches.term);
    this.sets.set(matches.term, { ...matches, readAt: performance.now() });
    if (this.sets.size > this.max) this.sets.delete(this.sets.keys().next().value!);
  }
}
