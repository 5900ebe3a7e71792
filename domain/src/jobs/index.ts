/** The jobs part of the domain: what the gateway, the worker and the composition root may use. */
export { type EnqueueOptions, type JobContext, type JobCounts, type JobDefinitions, type JobName, type JobPayload, type JobQueue, type JobResult, type JobWorker, type OutboxJobFinished, outboxJobId, type Processor, type ProcessorMap, QUEUE_NAME, type RunOptions, } from './definitions';
