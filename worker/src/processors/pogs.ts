/** POG jobs: scoring a design version, then telling the owner and the moderators. */
import type { Rarity } from '@pog/common';
import { recordAchievements, scorePogVersion, toPogWithNotes, type Clock, type Db, type Processor, type RealtimePublisher } from '@pog/common/server';

const RARE_OR_BETTER: ReadonlySet<Rarity> = new Set(['rare', 'epic', 'legendary']);

export function scorePogProcessor(deps: { db: Db; publisher: RealtimePublisher; clock: Clock }): Processor<'pog.score'> {
  return async ({ pogId, version }) => {
    const outcome = await scorePogVersion(deps.db, pogId, version, deps.clock.now());
    if (outcome.status !== 'scored' || !outcome.pog) return { status: outcome.status };
    // Published only now that the transaction has committed.
    // For the owner and the admins only.
    const pog = toPogWithNotes(outcome.pog, deps.clock.now());
    deps.publisher.toUser(pog.userId, 'pog:updated', pog);
    for (const notification of outcome.notifications) deps.publisher.toUser(notification.userId, 'notification', notification);
    if (outcome.flaggedFor) deps.publisher.toAdmins('moderation:queue', { action: 'flagged', pog });
    // A design that scored rare or better can complete its creator's Rare Find.
    if (RARE_OR_BETTER.has(pog.rarity)) (await recordAchievements(deps.db, [pog.creatorId], deps.clock.now())).events.publish(deps.publisher);
    return { status: 'scored', rarity: pog.rarity, points: pog.points ?? 0 };
  };
}
