/** The observability part of the domain: what the gateway, the worker and the composition root may use. */
export { answerProbe, bearerMatches, type HealthReport, healthReport, isProbePath, PROBE_PATHS, type ProbeAnswer, type ProbeDeps, REQUEST_ID_HEADER, requestIdFrom, } from './probes';
export { answerUncaught, currentRequest, inRequestScope, scopedServerOptions, type UncaughtInRequest } from './request-scope';
