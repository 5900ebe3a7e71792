/** The database pool: connections in use and idle, requests waiting for one, and the pool's size. */
import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../db/client';

export function registerDatabaseMetrics(registry: Registry, database: Database): void {
  new Gauge({
    name: 'pog_db_pool_connections',
    help: 'Database connections of this process by state (in_use, idle); PGlite is one connection, in use',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = database.poolStats();
      this.set({ state: 'in_use' }, stats.inUse);
      this.set({ state: 'idle' }, stats.idle);
    },
  });
  new Gauge({
    name: 'pog_db_pool_waiting',
    help: 'Queries of this process waiting for a free database connection',
    registers: [registry],
    collect() {
      this.set(database.poolStats().waiting);
    },
  });
  new Gauge({
    name: 'pog_db_pool_max',
    help: 'Most database connections this process opens',
    registers: [registry],
    collect() {
      this.set(database.poolStats().max);
    },
  });
}
