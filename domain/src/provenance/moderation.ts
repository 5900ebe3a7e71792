/** The history row of a moderation its owner is told of, written beside that notification. */
import { inArray } from 'drizzle-orm';
import type { ModerationCause } from '@pog/common/provenance/schemas';
import type { Tx } from '../db/client';
import { users, type PogRow } from '../db/schema';
import { playerRef, recordHistory } from './history';

export async function recordModeration(
  at: { tx: Tx; now: Date },
  pog: Pick<PogRow, 'id' | 'userId'>,
  action: 'flagged' | 'approved' | 'rejected',
  cause: ModerationCause,
): Promise<void> {
  await recordModerations(at, [pog], action, cause);
}

/** One history row per POG (a bulk decision's), their owners' names read in one query. */
export async function recordModerations(
  at: { tx: Tx; now: Date },
  decided: Pick<PogRow, 'id' | 'userId'>[],
  action: 'flagged' | 'approved' | 'rejected',
  cause: ModerationCause,
): Promise<void> {
  if (decided.length === 0) return;
  const ownerIds = [...new Set(decided.map((pog) => pog.userId))];
  const owners = await at.tx.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ownerIds));
  const names = new Map(owners.map((owner) => [owner.id, owner.username]));
  await recordHistory(
    at.tx,
    at.now,
    decided.map((pog) => ({ pogId: pog.id, details: { kind: 'moderated', action, cause, owner: playerRef(pog.userId, names.get(pog.userId) ?? '') } })),
  );
}
