import type { UserId } from '@pog/common';
/**
 * The stream position of the first GET /api/user answer a page got for its player. GET /api/user is
 * asked again whenever a screen mounts (staleTime 0), while the rest of the page's data stays as it
 * was read: by the time the live connection opens, the latest answer's position may be past events
 * that older data never saw. connect.ts resumes from the latest position and, when it moved since
 * the first answer, refetches what the page shows once the connection has caught up.
 */
const firstPositions = new Map<number, number>();

/** Called with every answer of GET /api/user (and a login's user): keeps the first position per player. */
export function noteReadPosition(user: { id: number; streamPosition?: number } | null): void {
  if (!user || user.streamPosition === undefined || firstPositions.has(user.id)) return;
  firstPositions.set(user.id, user.streamPosition);
}

/** The first position noted for the player, forgotten as it is read (the connection now keeps its own). */
export function takeFirstReadPosition(userId: UserId): number | undefined {
  const first = firstPositions.get(userId);
  firstPositions.delete(userId);
  return first;
}

/** A session ended or started: positions of the page's earlier data no longer matter. */
export function forgetReadPositions(): void {
  firstPositions.clear();
}
