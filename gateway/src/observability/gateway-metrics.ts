/** Metrics only a gateway has: HTTP request durations and connected sockets. */
import { Gauge, Histogram, type Registry } from 'prom-client';

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

export function registerSocketMetrics(registry: Registry, count: () => number): void {
  new Gauge({
    name: 'pog_sockets_connected',
    help: 'Socket.IO connections to this gateway',
    registers: [registry],
    collect() {
      this.set(count());
    },
  });
}
