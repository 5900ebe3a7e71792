/** The history row of a moderation its owner is told of, written beside that notification. */
import { eq } from 'drizzle-orm';
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
  const [owner] = await at.tx.select({ username: users.username }).from(users).where(eq(users.id, pog.userId));
  await recordHistory(at.tx, at.now, [{ pogId: pog.id, details: { kind: 'moderated', action, cause, owner: playerRef(pog.userId, owner?.username ?? '') } }]);
}
