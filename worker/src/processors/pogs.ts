/** POG jobs: scoring a design version (its unit of work tells the owner and the moderators). */
import { scorePogVersion } from '@pog/domain/pogs';
import { type Clock } from '@pog/domain/clock';
import { type Db } from '@pog/domain/db';
import { type Processor } from '@pog/domain/jobs';

export function scorePogProcessor(deps: { db: Db; clock: Clock }): Processor<'pog.score'> {
  return async ({ pogId, version }) => {
    const outcome = await scorePogVersion(deps.db, pogId, version, deps.clock.now());
    if (outcome.status !== 'scored' || !outcome.pog) return { status: outcome.status };
    return { status: 'scored', rarity: outcome.pog.pog.rarity, points: outcome.pog.pog.points ?? 0 };
  };
}
