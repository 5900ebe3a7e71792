/** Every job processor, wired to its dependencies. The same map runs in process or on BullMQ. */
import type { Clock, Db, ProcessorMap, RealtimePublisher } from '@pog/common/server';
import { resolveBattleProcessor, sweepBattlesProcessor } from './battles';
import { processImageProcessor } from './images';
import { scorePogProcessor } from './pogs';
import { expireTradesProcessor } from './trades';
import { purgeSessionsProcessor, welcomeProcessor } from './users';

export { BATTLE_SWEEP_MS } from './battles';
export { SESSION_PURGE_MS } from './users';

export interface ProcessorDeps {
  db: Db;
  publisher: RealtimePublisher;
  clock: Clock;
  /** Where uploaded images live (shared by gateways and workers). */
  uploadDir: string;
}

export function buildProcessors(deps: ProcessorDeps): ProcessorMap {
  return {
    'user.welcome': welcomeProcessor(deps),
    'pog.score': scorePogProcessor(deps),
    'image.process': processImageProcessor(deps),
    'trades.expire': expireTradesProcessor(deps),
    'battle.resolve': resolveBattleProcessor(deps),
    'battles.sweep': sweepBattlesProcessor(deps),
    'sessions.purge': purgeSessionsProcessor(deps),
  };
}
