/** Display helpers of spec section 3, shared by the server (avatarInitials) and the web app. */

/** First letter of the first and last word, upper-cased; one word gives one letter; empty gives "". */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}

/** The user menu shows the first two letters of the username in upper case, falling back to "U". */
export function userMenuInitials(username: string | null | undefined): string {
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

export const DEFAULT_AVATAR_COLOR = '#6366F1';

/** A stable avatar colour per username, so players are told apart at a glance. */
const AVATAR_PALETTE = ['#6366F1', '#EC4899', '#10B981', '#F59E0B', '#3B82F6', '#8B5CF6', '#EF4444', '#14B8A6'] as const;
export function avatarColorFor(username: string): string {
  let hash = 0;
  for (const ch of username.toLowerCase()) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return AVATAR_PALETTE[hash % AVATAR_PALETTE.length]!;
}
