/** POG jobs: scoring a design version, then telling the owner and the moderators. */
import { scorePogVersion, toPog, type Clock, type Db, type Processor, type RealtimePublisher } from '@pog/common/server';

export function scorePogProcessor(deps: { db: Db; publisher: RealtimePublisher; clock: Clock }): Processor<'pog.score'> {
  return async ({ pogId, version }) => {
    const outcome = await scorePogVersion(deps.db, pogId, version, deps.clock.now());
    if (outcome.status !== 'scored' || !outcome.pog) return { status: outcome.status };
    // Published only now that the transaction has committed.
    const pog = toPog(outcome.pog, deps.clock.now());
    deps.publisher.toUser(pog.userId, 'pog:updated', pog);
    for (const notification of outcome.notifications) deps.publisher.toUser(notification.userId, 'notification', notification);
    if (outcome.flaggedFor) deps.publisher.toAdmins('moderation:queue', { action: 'flagged', pog });
    return { status: 'scored', rarity: pog.rarity, points: pog.points ?? 0 };
  };
}
