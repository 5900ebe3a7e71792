/** Every job processor, wired to its dependencies. The same map runs in process or on BullMQ. */
import type { Clock, Db, ProcessorMap, RealtimePublisher } from '@pog/common/server';
import { welcomeProcessor } from './users';

export interface ProcessorDeps {
  db: Db;
  publisher: RealtimePublisher;
  clock: Clock;
}

export function buildProcessors(deps: ProcessorDeps): ProcessorMap {
  return {
    'user.welcome': welcomeProcessor(deps),
  };
}
