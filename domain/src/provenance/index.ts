/** The provenance part of the domain: what the gateway, the worker and the composition root may use. */
export { HISTORY_LIMIT, historyOf, type NewHistoryEntry, playerRef, pogProvenance, recordHistory } from './history';
