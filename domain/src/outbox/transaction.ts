/**
 * A unit of work's transaction, dated by the command's clock: the database's triggers date what they
 * record (leaderboard weeks, migrations/0013_ladder.sql) by `pog.now`, set for this transaction only.
 * `pog.origin` names the relay of the process that writes (the outbox's wake carries it, 0014).
 *
 * Prepared statements (db/raw-query.ts) and the triggers' PL/pgSQL use their generic plan inside a
 * unit of work (`plan_cache_mode`, for this transaction only): the statements a command runs are key
 * lookups and small writes, whose one plan fits every call, and PostgreSQL otherwise plans them
 * again on every call (a custom plan looks cheaper for the array of ids it is given), which cost as
 * much CPU as running them. Reads outside units of work (lists, searches) keep their custom plans.
 *
 * On PostgreSQL the settings travel with BEGIN, in one round trip (one simple-protocol query of two
 * statements), instead of a statement of its own in every unit of work. Drizzle's own transaction
 * sends BEGIN alone, so this is its node-postgres transaction (session.js) with that first query
 * changed, and a ROLLBACK that fails (the connection was cut: a failover, a restart) neither hides
 * the first error nor gives the connection back to the pool; everything else (one pooled connection,
 * COMMIT, ROLLBACK on error) is the same. PGlite runs in-process, where a round trip costs next to
 * nothing: there Drizzle's transaction is used as is.
 */
import { sql } from 'drizzle-orm';
import type { NodePgSession } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db, Tx } from '../db/client';
import { loadedNodePg } from '../db/node-pg';

/** The node-postgres session's fields Drizzle keeps to itself (drizzle-orm 0.45, node-postgres/session.js). */
interface SessionInternals {
  client: pg.Pool | pg.PoolClient | pg.Client;
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
}

/**
 * The transaction's settings, as one SELECT with the values inlined (no parameters, so that it can
 * share a query with BEGIN): an ISO instant and a relay's origin (a UUID) have no quote to escape,
 * and anything else is refused.
 */
function settings(now: Date, origin: string | null): string {
  const iso = now.toISOString();
  if (!/^[0-9T:.Z+-]+$/.test(iso)) throw new RangeError(`not an ISO instant: ${iso}`);
  if (origin !== null && !/^[0-9a-zA-Z-]+$/.test(origin)) throw new RangeError(`not a relay origin: ${origin}`);
  return `SELECT set_config('pog.now', '${iso}', true), set_config('pog.origin', '${origin ?? ''}', true), set_config('plan_cache_mode', 'force_generic_plan', true)`;
}

/**
 * Runs `work` in one transaction with `pog.now` set to `now` and `pog.origin` to the relay that
 * wrote it (the outbox's wake names it: that relay was woken already and need not be again).
 */
export async function transactionAt<T>(db: Db, now: Date, origin: string | null, work: (tx: Tx) => Promise<T>): Promise<T> {
  const session = (db as unknown as { session: unknown }).session;
  const nodePg = loadedNodePg();
  if (!nodePg || !(session instanceof nodePg.drizzle.NodePgSession)) {
    return db.transaction(async (tx) => {
      await tx.execute(sql.raw(settings(now, origin)));
      return work(tx);
    });
  }
  const { client, dialect, schema, options } = session as unknown as SessionInternals;
  const { NodePgSession, NodePgTransaction } = nodePg.drizzle;
  const pooled = client instanceof nodePg.pg.Pool || Object.getPrototypeOf(client).constructor.name.includes('Pool');
  const connection = pooled ? await client.connect() : client;
  let broken: Error | undefined;
  try {
    const tx = new NodePgTransaction(dialect, new NodePgSession(connection, dialect, schema, options), schema) as unknown as Tx;
    // No parameters: node-postgres sends it as one simple query, both statements in one round trip.
    await tx.execute(sql.raw(`BEGIN; ${settings(now, origin)}`));
    try {
      const result = await work(tx);
      await tx.execute(sql.raw('COMMIT'));
      return result;
    } catch (error) {
      // On a lost connection the server has rolled back already and ROLLBACK fails too: the caller
      // hears what went wrong first, and the connection is closed rather than handed out again.
      await tx.execute(sql.raw('ROLLBACK')).catch((rollbackFailed: unknown) => {
        broken = rollbackFailed instanceof Error ? rollbackFailed : new Error(String(rollbackFailed));
      });
      throw error;
    }
  } finally {
    if (pooled) (connection as pg.PoolClient).release(broken);
  }
}
