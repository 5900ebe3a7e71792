/**
 * The outbox: events delivered to this gateway's sockets and how long after their commit (the
 * relay's lag), the events waiting for the sequencer and who holds its lease, and the follow-up jobs
 * not finished yet (the shared numbers are the same on every process).
 */
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Db } from '../db/client';
import type { OutboxRelay } from '../outbox/relay';
import { openJobCount, sequencingBacklog, type SequencingBacklog } from '../outbox/store';
import { readWithin } from './registry';

/** 1 ms to 10 s: a healthy relay delivers in milliseconds; anything near 10 s is an outage. */
export const OUTBOX_LAG_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function registerOutboxMetrics(registry: Registry, relay: OutboxRelay, db: Db): void {
  const delivered = new Counter({
    name: 'pog_outbox_events_delivered_total',
    help: "Durable events this gateway's relay handed to its sockets",
    registers: [registry],
  });
  const lag = new Histogram({
    name: 'pog_outbox_lag_seconds',
    help: 'Time from an event being written (in its transaction) to this gateway delivering it to its sockets',
    buckets: OUTBOX_LAG_BUCKETS,
    registers: [registry],
  });
  relay.onDelivered((events, at) => {
    delivered.inc(events.length);
    // The database's clock wrote createdAt; a little skew must not give negative lags.
    for (const event of events) lag.observe(Math.max(0, at - event.createdAt.getTime()) / 1000);
  });
  new Gauge({
    name: 'pog_outbox_open_jobs',
    help: 'Follow-up jobs written by committed changes and not finished yet (NaN when the database does not answer)',
    registers: [registry],
    async collect() {
      try {
        this.set(await readWithin(() => openJobCount(db)));
      } catch {
        this.set(Number.NaN);
      }
    },
  });
  registerSequencerMetrics(registry, relay, db);
}

/** Who sequences, and what waits for it: a sequencer that stopped shows here before anywhere else. */
function registerSequencerMetrics(registry: Registry, relay: OutboxRelay, db: Db): void {
  new Gauge({
    name: 'pog_outbox_sequencer_holder',
    help: "1 while this process holds the outbox sequencer's lease (sequences committed events), else 0",
    registers: [registry],
    collect() {
      this.set(relay.status().sequencer ? 1 : 0);
    },
  });
  // One read per scrape serves the three gauges below.
  let last: { at: number; read: Promise<SequencingBacklog> } | undefined;
  const backlog = () => {
    if (!last || performance.now() - last.at > 1_000) last = { at: performance.now(), read: readWithin(() => sequencingBacklog(db)) };
    return last.read;
  };
  const shared = (name: string, help: string, value: (read: SequencingBacklog) => number) =>
    new Gauge({
      name,
      help: `${help} (NaN when the database does not answer)`,
      registers: [registry],
      async collect() {
        try {
          this.set(value(await backlog()));
        } catch {
          this.set(Number.NaN);
        }
      },
    });
  shared('pog_outbox_unsequenced_events', 'Committed events waiting for the sequencer', (read) => read.unsequenced);
  shared('pog_outbox_oldest_unsequenced_seconds', 'How long the oldest committed event waiting for the sequencer has waited since it was written (0 when none waits)', (read) => read.oldestSeconds);
  shared('pog_outbox_sequencer_epoch', "The sequencer lease's epoch, one more at each taking (0 on an embedded database)", (read) => read.epoch);
}
