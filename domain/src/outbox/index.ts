/** The outbox part of the domain: what the gateway, the worker and the composition root may use. */
export { attachOutboxHooks, CLUSTER_EVENT, CLUSTER_STREAM, type ClusterMessage, type FollowUpOptions, inUnitOfWork, recordJob, UnitOfWork, } from './unit-of-work';
export { claimJobs, claimUnfinishedJobs, lastSequence, markJobDone, openJobCount, OUTBOX_SEQUENCED_CHANNEL, OUTBOX_WRITTEN_CHANNEL, type OutboxJob, pruneOutbox, readSequenced, releaseJobs, type ReplayOptions, replayStream, type SequencedEvent, sequenceEvents, streamEvents, streamHead, type StreamReplay, } from './store';
export { OutboxRelay, type OutboxRelayOptions, type RelayStatus } from './relay';
export { LEASE_NOT_HELD, type LeaseQuery, releaseLease, renewLease, takeLease } from './sequencer-lease';
