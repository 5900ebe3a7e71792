/**
 * Why the system cancelled a pending trade or battle: a POG in it moved, was deleted or rejected, or
 * a player in it was banned. Shared, so that the server's notifications and the web app's labels use
 * the same words.
 */
export const RELEASE_REASONS = ['traded', 'battled', 'deleted', 'rejected', 'banned'] as const;
export type ReleaseReason = (typeof RELEASE_REASONS)[number];

/** Human words for a reason, e.g. "A trade offer was cancelled because <text>." */
export const RELEASE_REASON_TEXT: Record<ReleaseReason, string> = {
  traded: 'one of its POGs was traded away',
  battled: 'one of its POGs changed hands in a battle',
  deleted: 'one of its POGs was deleted',
  rejected: 'one of its POGs was rejected by a moderator',
  banned: 'a player in it was banned',
};

export function isReleaseReason(value: unknown): value is ReleaseReason {
  return typeof value === 'string' && (RELEASE_REASONS as readonly string[]).includes(value);
}
