/**
 * Marking POGs (docs/rules.md, Have and Want). Each command is one unit of work: the mark and the
 * `matches:changed` events of the players whose matches it may change commit together. A want names
 * another player's POG that the player can see; a POG up for trade is one the player holds (the
 * trades' policy: only POGs one holds are offered). Locks, in the usual order: the player's row and
 * limits (their marks are counted against a limit), then the POG's row, shared, so that it cannot
 * change hands until the mark is in (commitments.ts then releases it with the move).
 */
import { ConflictError, NotFoundError, ValidationError } from '@pog/common/errors';
import { MARK_LIMITS, type MarkRequest, type Marks } from '@pog/common/wishlists/api';
import type { PogId, UserId } from '@pog/common/schemas/ids';
import type { Db, Tx } from '../db/client';
import { rawQuery } from '../db/raw-query';
import type { PogRow } from '../db/schema';
import { lockActor, type LockedPlayer } from '../moderation/player-locks';
import { inUnitOfWork, type UnitOfWork } from '../outbox/unit-of-work';
import { lockPogs } from '../pogs/locks';
import { tradePolicy } from '../trades/policy';
import { COUNT_MARKS, DELETE_HAVE, DELETE_WANT, INSERT_HAVE, INSERT_WANT, readMarks, WANTERS } from './marks';

/** Tells each of these players, once, that their matches may have changed. */
export function tellMatchesChanged(uow: UnitOfWork, pogId: PogId, userIds: Iterable<UserId>): void {
  for (const userId of new Set(userIds)) uow.toUser(userId, 'matches:changed', { pogId });
}

export async function markPog(db: Db, actorId: UserId, pogId: PogId, request: MarkRequest, now: Date): Promise<Marks> {
  return inUnitOfWork(db, now, async (uow) => {
    const { tx } = uow;
    const actor = (await lockActor(tx, actorId, 'limits')).get(actorId)!;
    const pog = (await lockPogs(tx, [pogId], 'share')).get(pogId);
    const want = request.list === 'want';
    if (!request.marked) {
      // Taking a mark off needs nothing of the POG: it may have moved or be hidden since.
      const removed = await rawQuery(tx, want ? DELETE_WANT : DELETE_HAVE, [actorId, pogId]);
      if (removed.length > 0) await tell(uow, pogId, actorId, want, pog);
      return readMarks(tx, actorId);
    }
    await assertMarkable(tx, actor, pog, want);
    const added = await rawQuery(tx, want ? INSERT_WANT : INSERT_HAVE, [actorId, pogId, now]);
    if (added.length > 0) await tell(uow, pogId, actorId, want, pog);
    return readMarks(tx, actorId);
  });
}

/** A want names another player's POG in sight; up for trade, one's own; either list has a limit. */
async function assertMarkable(tx: Tx, actor: LockedPlayer, pog: PogRow | undefined, want: boolean): Promise<void> {
  // A POG hidden by reports is out of everyone's sight but its owner's, as if it were gone.
  if (!pog || (pog.hiddenByReports && pog.userId !== actor.id)) throw new NotFoundError('That POG does not exist.');
  if (want && pog.userId === actor.id) throw new ValidationError(`${pog.name} is already yours: mark it up for trade instead.`);
  if (!want) tradePolicy.authorize('offerPog', actor, pog);
  const [counts] = await rawQuery<{ wants: number; haves: number }>(tx, COUNT_MARKS, [actor.id]);
  const limit = want ? MARK_LIMITS.wants : MARK_LIMITS.haves;
  if ((want ? counts!.wants : counts!.haves) >= limit) {
    throw new ConflictError(want ? `You can want at most ${limit} POGs: take one off your list first.` : `You can put at most ${limit} POGs up for trade: take one off first.`);
  }
}

/** A want changes its player's matches and the holder's; a POG up for trade, its holder's and those of everyone who wants it. */
async function tell(uow: UnitOfWork, pogId: PogId, actorId: UserId, want: boolean, pog: PogRow | undefined): Promise<void> {
  const others = want ? (pog ? [pog.userId] : []) : (await rawQuery<{ userId: UserId }>(uow.tx, WANTERS, [[pogId]])).map((row) => row.userId);
  tellMatchesChanged(uow, pogId, [actorId, ...others]);
}
