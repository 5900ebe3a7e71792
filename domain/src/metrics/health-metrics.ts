/**
 * What this process depends on, up or down, as /healthz reports it: alerts see a degraded process
 * (Redis away, say) that /readyz still calls ready.
 */
import { Gauge, type Registry } from 'prom-client';
import type { HealthReport } from '../observability/probes';

export function registerHealthMetrics(registry: Registry, health: () => Promise<HealthReport>, parts: readonly string[]): void {
  new Gauge({
    name: 'pog_dependency_up',
    help: 'Whether a part this process depends on answers (1) or not (0): database, redis or queue, worker',
    labelNames: ['dependency'],
    registers: [registry],
    async collect() {
      const { down } = await health();
      for (const part of parts) this.set({ dependency: part }, down.includes(part) ? 0 : 1);
    },
  });
  new Gauge({
    name: 'pog_ready',
    help: 'Whether this process is ready (1), as /readyz answers, or not (0)',
    registers: [registry],
    async collect() {
      this.set((await health()).unready.length === 0 ? 1 : 0);
    },
  });
}
