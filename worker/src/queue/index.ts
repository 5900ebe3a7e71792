/**
 * The job queue: BullMQ when Redis is configured (distributed mode, the processors run in worker
 * processes), otherwise the in-process queue running the processors here (embedded mode). The
 * composition root chooses (server/src/runtime.ts). BullMQ's own code (about 18 MB resident, with
 * ioredis) is imported from `@pog/worker/queue/bullmq` only where Redis is configured.
 */
export type { BullConnectionOptions, BullJobQueue, BullQueueOptions, BullWorkerOptions } from './bullmq';
export { createInProcessQueue } from './in-process';
export { LOCAL_CONCURRENCY, localFirstQueue } from './local-first';
export type { LocalFirstOptions, LocalFirstQueue } from './local-first';
export type { InProcessQueue, InProcessQueueOptions } from './in-process';
export type { JobFailureReport } from './failure-report';
export { decodeFailure, encodeAppError } from './job-errors';
export { failureReporter } from './failure-report';
export { createJobMetrics, registerQueueMetrics } from './metrics';
export type { JobMetrics, JobOutcome } from './job-tracker';
