/** How the admin panel words a POG or a player (product spec: screens, Admin panel). */
import { avatarInitials, type AdminUser, type Pog, type Role } from '@pog/common';

/** Points, else the score, else 0 (spec: the Moderate POG dialog). */
export function pogPoints(pog: Pick<Pog, 'points' | 'score'>): number {
  return pog.points ?? pog.score ?? 0;
}

/** 'by username' on a card, or 'by User #id' when the owner's name is missing. */
export function ownerLabel(pog: Pick<Pog, 'username' | 'userId'>): string {
  return `by ${pog.username || `User #${pog.userId}`}`;
}

/** Who designed it (the owner may differ after trades and battles). */
export function creatorName(pog: Pick<Pog, 'creatorUsername' | 'creatorId'>): string {
  return pog.creatorUsername || `User #${pog.creatorId}`;
}

/** A missing role means a plain player (product spec: entities). */
export function roleOf(user: { role?: Role | null | undefined }): Role {
  return user.role ?? 'user';
}

/** The two-letter initials of the Users table and the Moderate User dialog. */
export function userInitials(user: Pick<AdminUser, 'username'>): string {
  return avatarInitials(user.username);
}

/** 'Last moderated' in the viewer's local date and time; null when never moderated or unreadable. */
export function formatModeratedAt(iso: string | null, locale?: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date.toLocaleString(locale);
}

/**
 * Waiting for a decision, as the server's Flagged list defines it: flagged and not rejected. A
 * rejected POG stays flagged (product spec: states) but has been reviewed, so it leaves the queue.
 */
export function awaitsReview(pog: Pick<Pog, 'isFlagged' | 'moderationStatus'>): boolean {
  return pog.isFlagged && pog.moderationStatus !== 'rejected';
}

/** '1 report' or 'N reports', on a card's badge and over the dialog's reasons. */
export function reportCountLabel(count: number): string {
  return count === 1 ? '1 report' : `${count} reports`;
}

/** The All POGs search: name or owner's username, ignoring case, like the server's. */
export function matchesSearch(pog: Pick<Pog, 'name' | 'username'>, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return pog.name.toLowerCase().includes(needle) || pog.username.toLowerCase().includes(needle);
}

/** The Users search: the username, ignoring case, like the server's. */
export function matchesUserSearch(user: Pick<AdminUser, 'username'>, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return !needle || user.username.toLowerCase().includes(needle);
}
