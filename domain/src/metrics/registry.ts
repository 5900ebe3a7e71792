/**
 * Each runtime (one per process; in tests several per process) has a Prometheus registry of its
 * own, holding the process metrics and whatever the parts of the runtime register on it. Every metric
 * is documented in docs/operations.md ("Metrics").
 */
import { collectDefaultMetrics, Registry } from 'prom-client';

export type { Registry } from 'prom-client';

/**
 * CPU, memory, event-loop lag, garbage collection, handles: prom-client's process_* and nodejs_*,
 * collected once per process. They describe the process, not a runtime, and each collection keeps
 * an event-loop timer and a garbage-collection observer running for as long as the process lives.
 */
let processMetrics: Registry | undefined;

export function createMetricsRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return Registry.merge([processMetrics, new Registry()]);
}

/**
 * A value read at scrape time from something that may be unreachable (the database, Redis): it
 * gives up after `ms`, and the caller reports the value as unknown rather than stale.
 */
export async function readWithin<T>(read: () => Promise<T>, ms = 2_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([read(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
