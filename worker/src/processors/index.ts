/** Every job processor, wired to its dependencies. The same map runs in process or on BullMQ. */
import type { Clock, Db, ProcessorMap, RealtimePublisher } from '@pog/common/server';
import { processImageProcessor } from './images';
import { scorePogProcessor } from './pogs';
import { welcomeProcessor } from './users';

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
  };
}
