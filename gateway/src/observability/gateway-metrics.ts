/** Metrics only a gateway has: HTTP request durations, connected sockets and what their limits refused. */
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** 5 ms to 60 s: PogBot's streamed answers are the long tail. */
export const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export interface HttpMetrics {
  observe(method: string, route: string, status: number, seconds: number): void;
}

export function createHttpMetrics(registry: Registry): HttpMetrics {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests answered by this gateway, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: HTTP_DURATION_BUCKETS,
    registers: [registry],
  });
  return {
    observe(method, route, status, seconds) {
      duration.observe({ method: METHODS.has(method) ? method : 'OTHER', route, status: String(status) }, seconds);
    },
  };
}

export interface SocketCounts {
  connected(): number;
  /** Catch-ups that read the outbox, and the events they replayed. */
  catchUps(): number;
  eventsReplayed(): number;
  messagesRefused(): number;
  socketsClosed(): number;
  connectionsRefused(): number;
}

export function registerSocketMetrics(registry: Registry, counts: SocketCounts): void {
  new Gauge({
    name: 'pog_sockets_connected',
    help: 'Socket.IO connections to this gateway',
    registers: [registry],
    collect() {
      this.set(counts.connected());
    },
  });
  new Counter({
    name: 'pog_socket_catch_ups_total',
    help: 'Socket catch-ups (on connecting and on sync) that read the outbox',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(counts.catchUps());
    },
  });
  new Counter({
    name: 'pog_socket_replayed_events_total',
    help: 'Events those catch-ups read from the outbox and sent',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(counts.eventsReplayed());
    },
  });
  new Counter({
    name: 'pog_socket_refusals_total',
    help: "What the socket budgets refused: messages dropped, sockets closed for going on sending, and their players' connections while they wait",
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ kind: 'message' }, counts.messagesRefused());
      this.inc({ kind: 'close' }, counts.socketsClosed());
      this.inc({ kind: 'connection' }, counts.connectionsRefused());
    },
  });
}

/** Connections closed on arrival because their client address held its most already. */
export function registerConnectionMetrics(registry: Registry, stats: { refused: number }): void {
  new Counter({
    name: 'pog_connections_refused_total',
    help: 'Connections closed as they arrived because their client address held CONNECTIONS_PER_ADDRESS already',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(stats.refused);
    },
  });
}

/** Explore's plain pages: answered from a kept page, read to be kept, or read only; and the checks of kept pages. */
export function registerPogListMetrics(registry: Registry, counts: { kept: number; read: number; unkept: number; checks: number }): void {
  // The routes may be built again on one context (a second Koa app of the same process): the newest
  // routes' counts replace the earlier ones.
  for (const name of ['pog_list_pages_total', 'pog_list_checks_total']) registry.removeSingleMetric(name);
  new Counter({
    name: 'pog_list_pages_total',
    help: "Explore's pages answered: from a kept page a check found untouched (kept), read to be kept (read), read and not kept (unkept)",
    labelNames: ['answer'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ answer: 'kept' }, counts.kept);
      this.inc({ answer: 'read' }, counts.read);
      this.inc({ answer: 'unkept' }, counts.unkept);
    },
  });
  new Counter({
    name: 'pog_list_checks_total',
    help: 'Checks of kept Explore pages against the changes since their snapshot (requests that came together share one)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(counts.checks);
    },
  });
}
