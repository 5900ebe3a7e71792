/**
 * The job queue, chosen by configuration: BullMQ when Redis is configured (distributed mode, the
 * processors run in worker processes), otherwise the in-process queue running the processors here
 * (embedded mode).
 */
import type { JobQueue, ProcessorMap } from '@pog/common/server';
import { createBullQueue } from './bullmq';
import { createInProcessQueue } from './in-process';

export { createBullQueue, createBullWorker, QUEUE_NAME } from './bullmq';
export type { BullConnectionOptions, BullQueueOptions, BullWorkerOptions } from './bullmq';
export { createInProcessQueue } from './in-process';
export type { InProcessQueue, InProcessQueueOptions } from './in-process';
export type { JobFailureReport } from './failure-report';
export { decodeFailure, encodeAppError } from './job-errors';

export interface QueueOptions {
  /** Set in distributed mode (REDIS_URL). */
  redisUrl?: string | undefined;
  /** Redis key prefix (REDIS_PREFIX, default 'pog'). */
  prefix?: string;
  /** Run here in embedded mode; in distributed mode the worker processes run them instead. */
  processors: ProcessorMap;
  /** Jobs run at the same time in embedded mode. */
  concurrency?: number;
}

export function createQueue(options: QueueOptions): JobQueue {
  if (options.redisUrl) return createBullQueue({ redisUrl: options.redisUrl, prefix: options.prefix ?? 'pog' });
  const inProcess: Parameters<typeof createInProcessQueue>[0] = { processors: options.processors };
  if (options.concurrency !== undefined) inProcess.concurrency = options.concurrency;
  return createInProcessQueue(inProcess);
}
