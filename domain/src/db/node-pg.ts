/**
 * node-postgres and Drizzle's driver for it, loaded when a PostgreSQL server is opened: an embedded
 * process (PGlite) never loads them, which spares its start the modules and their memory.
 */
import type pgModule from 'pg';
import type * as drizzleNodePg from 'drizzle-orm/node-postgres';

export interface NodePg {
  pg: typeof pgModule;
  drizzle: typeof drizzleNodePg;
}

let loaded: NodePg | undefined;

export async function loadNodePg(): Promise<NodePg> {
  if (!loaded) {
    const [pg, drizzle] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
    loaded = { pg: pg.default, drizzle };
  }
  return loaded;
}

/** The drivers if this process opened a PostgreSQL server (no pg client can exist before that). */
export const loadedNodePg = (): NodePg | undefined => loaded;
