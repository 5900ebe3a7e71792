/** The words of Have and Want. */
import type { MatchKind } from '@pog/common';

export const WISHLIST_TEXT = {
  want: 'Want',
  wanted: 'Wanted',
  upForTrade: 'Up for trade',
  markFailed: "Couldn't update your lists",
  markFailedFallback: 'Please try again.',
  matchesTitle: 'Matches',
  matchesLead: 'Players who hold what you want or want what you put up for trade, best first.',
  noMatches: 'No matches yet. Mark POGs you want ("Want" on any POG) and yours "Up for trade" to find trade partners.',
  offer: 'Offer trade',
  nothingToPair: 'nothing to pair yet',
} as const;

export const MATCH_KIND_TEXT: Record<MatchKind, string> = {
  both: 'Both ways',
  theyHave: 'Has what you want',
  theyWant: 'Wants what you have',
};
