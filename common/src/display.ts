/** Display helpers of the product spec (entities), shared by the server (avatarInitials) and the web app. */

/**
 * The one initials rule of every avatar (the header's user menu, the profile, trade and battle
 * cards, the admin's Users table and dialogs): the first two letters of the username, upper-cased,
 * "U" when there is none (product spec: screens, user menu). The spec's other reading (first letters of
 * the first and last word of a name) made the profile say 'B' where the header said 'BO'.
 */
export function avatarInitials(username: string | null | undefined): string {
  const two = (username ?? '').trim().slice(0, 2).toUpperCase();
  return two || 'U';
}

/** "unknown time", "just now", "Nm ago", "Nh ago", "Nd ago". */
export function timeAgo(date: Date | string | number | null | undefined, now: Date = new Date()): string {
  if (date === null || date === undefined || date === '') return 'unknown time';
  const then = date instanceof Date ? date : new Date(date);
  const ms = now.getTime() - then.getTime();
  if (Number.isNaN(ms)) return 'unknown time';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}

/**
 * How long until `until`, for a card that expires: "Expires in 6d 23h", "Expires in 3h 12m",
 * "Expires in 12m", "Expires in under a minute", or "Expired" once it has passed. Whole units,
 * rounded down, so a card never promises more time than it has.
 */
export function expiresIn(until: Date | string | number, now: Date = new Date()): string {
  const ms = new Date(until).getTime() - now.getTime();
  if (Number.isNaN(ms)) return 'Expiry unknown';
  if (ms <= 0) return 'Expired';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'Expires in under a minute';
  const hours = Math.floor(minutes / 60);
  if (hours < 1) return `Expires in ${minutes}m`;
  const days = Math.floor(hours / 24);
  if (days < 1) return `Expires in ${hours}h ${minutes % 60}m`;
  return `Expires in ${days}d ${hours % 24}h`;
}

export const DEFAULT_AVATAR_COLOR = '#6366F1';

/** A stable avatar colour per username, so players are told apart at a glance. */
const AVATAR_PALETTE = ['#6366F1', '#EC4899', '#10B981', '#F59E0B', '#3B82F6', '#8B5CF6', '#EF4444', '#14B8A6'] as const;
export function avatarColorFor(username: string): string {
  let hash = 0;
  for (const ch of username.toLowerCase()) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return AVATAR_PALETTE[hash % AVATAR_PALETTE.length]!;
}
