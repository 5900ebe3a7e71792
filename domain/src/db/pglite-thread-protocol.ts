/**
 * The messages between the server and the thread that runs the embedded database (pglite-thread.ts,
 * pglite-thread-worker.mjs). Every request carries an id its answer repeats; a request inside an
 * interactive transaction names the transaction the thread opened for it.
 */
export type ThreadRequest =
  /**
   * `name`: a named prepared statement (pglite-thread-wire.mjs), prepared on its first use; `reuse`:
   * its last answer to the same parameters stands while nothing was written since.
   */
  | { id: number; op: 'query'; sql: string; params: unknown[]; rowMode: 'array' | 'object' | undefined; rawTypes: number[]; tx?: number | undefined; name?: string | undefined; reuse?: boolean | undefined }
  | { id: number; op: 'exec'; sql: string; tx?: number | undefined }
  /** Opens a transaction and holds the connection for it until `end`; answers with its id. */
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  /** Answers with the subscription's id; its notifications come as `notify` messages. */
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; subscription: number }
  | { id: number; op: 'close' };

export type ThreadMessage =
  /** A `query`'s value is PGlite's result, or PostgreSQL's answer as bytes (`wire`, pglite-thread-wire.mjs) for pglite-wire-rows.ts to read. */
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: CarriedError }
  | { notify: number; payload: string }
  /** Sent once when the database is open (or could not be opened: `error`), with the (array type, element type) pairs to parse arrays by. */
  | { ready: true; error?: CarriedError; arrayTypes?: [number, number][] };

/** An error as it crosses the thread (made by pglite-thread-worker.mjs): its message and its own fields (code, constraint, detail...). */
export interface CarriedError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

/** The error again on this side, with the same fields (the error mapping reads `code`, e.g. 23505). */
export function restoreError(carried: CarriedError): Error {
  const error = new Error(carried.message);
  Object.assign(error, carried.fields);
  Object.defineProperty(error, 'name', { value: carried.name, enumerable: false, configurable: true, writable: true });
  return error;
}
