/**
 * The embedded database in a thread of its own. PGlite runs PostgreSQL in WebAssembly
 * synchronously: in the server's own thread a heavy query stalls every request, socket and static
 * file until it ends. Here it runs in a worker thread (pglite-thread-worker.mjs) and this client
 * offers the part of PGlite's interface the app uses (Drizzle's driver: query and transaction;
 * exec for scripts; listen for the outbox relay), as requests over the thread's message port.
 *
 * - One statement at a time, as before: the thread's PGlite queues what arrives while it works.
 * - An interactive transaction holds the database in the thread from BEGIN to COMMIT or ROLLBACK;
 *   its statements name it, and other requests wait meanwhile (PGlite is one connection).
 * - Errors come back with their fields (code 23505 and the like), so the error mapping is unchanged.
 * - Types the caller parses itself (Drizzle keeps dates as text) come back as text and are parsed here.
 */
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { pgliteStartParams } from './pglite-memory';
import { restoreError, type ThreadMessage, type ThreadRequest } from './pglite-thread-protocol';
import { defaultParsers, readAnswer } from './pglite-wire-rows';

type Request = ThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** What a transaction's statements run through (the subset of PGlite's Transaction the app uses). */
export interface EmbeddedTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  /**
   * The thread's only: `query` as the named prepared statement `name` (parsed and planned once, as on
   * PostgreSQL); `reuse`: the answer is a function of the data and the parameters (no clock, random or
   * write), so the last one to the same parameters is given again while nothing was written since.
   */
  queryPrepared?<T>(name: string, sql: string, params: unknown[], options?: { reuse?: boolean }): Promise<Results<T>>;
}

/** The subset of PGlite's interface the app uses, met by PGlite itself and by the thread's client. */
export interface EmbeddedClient extends EmbeddedTransaction {
  transaction<T>(run: (tx: EmbeddedTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const WORKER_ENTRY = new URL('./pglite-thread-worker.mjs', import.meta.url);

/**
 * The server's flags for the thread, without its `--import tsx` (the worker is plain JavaScript, and a
 * TypeScript loader there costs memory) and without V8's WebAssembly compiler flags (`--liftoff-only`,
 * `--wasm-...`): those hold for every thread of the process already, and a Worker refuses them.
 */
export function threadExecArgv(argv: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if ((arg === '--import' || arg === '--require' || arg === '-r') && argv[i + 1]?.includes('tsx')) i++;
    else if (/^--(no-)?(liftoff|wasm)/.test(arg)) continue;
    else if (!(/^--(import|require)=/.test(arg) && arg.includes('tsx'))) kept.push(arg);
  }
  return kept;
}

export interface ThreadOptions {
  /**
   * Statements in one trip, their answers read here (pglite-thread-wire.mjs, pglite-wire-rows.ts);
   * false: through PGlite's own `query`, the rows parsed in the thread (the comparison in tests).
   */
  wire?: boolean;
}

/**
 * The requests to a database thread and their answers: each request waits for the answer with its
 * id; notifications go to their subscription's handler; a thread that fails or exits rejects every
 * request still waiting, and any later one.
 */
function threadChannel(worker: Worker) {
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const handlers = new Map<number, (payload: string) => void>();
  let nextId = 1;
  let stopped: Error | undefined;
  let markReady: (error?: Error) => void = () => undefined;
  let parsers: ReturnType<typeof defaultParsers> = {};
  const ready = new Promise<void>((resolve, reject) => (markReady = (error) => (error ? reject(error) : resolve())));

  // The thread keeps the process alive only while a request waits for it (as PGlite in this thread did).
  worker.unref();
  const stop = (error: Error) => {
    if (stopped) return;
    stopped = error;
    markReady(error);
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on('message', (message: ThreadMessage) => {
    if ('ready' in message) {
      parsers = defaultParsers(message.arrayTypes ?? []);
      return markReady(message.error && restoreError(message.error));
    }
    if ('notify' in message) return handlers.get(message.notify)?.(message.payload);
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (pending.size === 0) worker.unref();
    if (message.ok) waiting?.resolve(message.value);
    else waiting?.reject(restoreError(message.error));
  });
  worker.on('error', (error) => stop(new Error(`PGlite is closed: the database thread failed (${error.message})`)));
  worker.on('exit', (code) => stop(new Error(`PGlite is closed: the database thread exited (${code})`)));

  const call = <T>(request: Request): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    if (pending.size === 0) worker.ref();
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  };
  return {
    ready,
    call,
    stop,
    handlers,
    stopped: () => stopped !== undefined,
    /** PGlite's parsers for the database's types, known once the thread is ready. */
    parsers: () => parsers,
  };
}

/**
 * V8's WebAssembly flags for PGlite's code, set for the whole process before the thread compiles it
 * (a Worker refuses them in its execArgv). `--liftoff-only`: the baseline compiler only. With the
 * optimising tier, the functions PostgreSQL runs most while it opens were compiled again in the
 * background as it became ready, and those compilations held about 30 MB of V8's memory at that
 * moment (glibc keeps much of it afterwards), and took the second core from the start itself.
 */
export const PGLITE_WASM_FLAGS = '--liftoff-only';

/** Opens PGlite on `dir` (already initialised) in a new thread; resolves once the database is open. */
export async function openPgliteThread(dir: string, options: ThreadOptions = {}): Promise<EmbeddedClient> {
  v8.setFlagsFromString(PGLITE_WASM_FLAGS);
  const worker = new Worker(WORKER_ENTRY, {
    workerData: { dir, startParams: pgliteStartParams(), wire: options.wire !== false },
    execArgv: threadExecArgv(process.execArgv),
  });
  const { ready, call, stop, handlers, stopped, parsers } = threadChannel(worker);

  const query = async <T>(sql: string, params: unknown[], options: QueryOptions, tx: number | undefined, name?: string, reuse?: boolean) => {
    if (options.serializers || options.blob || options.paramTypes) throw new Error('the database thread takes rowMode and parsers only');
    const rawTypes = Object.keys(options.parsers ?? {}).map(Number);
    const result = await call<Results<T> | { wire: Uint8Array }>({ op: 'query', sql, params, rowMode: options.rowMode, rawTypes, tx, name, reuse });
    if ('wire' in result) return readAnswer<T>(result.wire, parsers(), options);
    return rawTypes.length ? parseFields(result, options.parsers ?? {}, options.rowMode) : result;
  };
  const statements = (tx?: number): EmbeddedTransaction => ({
    query: <T>(sql: string, params: unknown[] = [], options: QueryOptions = {}) => query<T>(sql, params, options, tx),
    queryPrepared: <T>(name: string, sql: string, params: unknown[], { reuse }: { reuse?: boolean } = {}) => query<T>(sql, params, {}, tx, name, reuse),
    exec: (sql: string) => call<Results[]>({ op: 'exec', sql, tx }),
  });

  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return {
    ...statements(),
    async transaction<T>(run: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
      const tx = await call<number>({ op: 'begin' });
      let result: T;
      try {
        result = await run(statements(tx));
      } catch (error) {
        await call({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async listen(channel, handler) {
      const subscription = await call<number>({ op: 'listen', channel });
      handlers.set(subscription, handler);
      return async () => {
        handlers.delete(subscription);
        await call({ op: 'unlisten', subscription });
      };
    },
    async close() {
      if (stopped()) return;
      await call({ op: 'close' }).catch(() => undefined);
      stop(new Error('PGlite is closed'));
      await worker.terminate();
    },
  };
}

/** Runs the caller's parsers on the values of the types it asked for (they came as text). */
function parseFields<T>(result: Results<T>, parsers: NonNullable<QueryOptions['parsers']>, rowMode: QueryOptions['rowMode']): Results<T> {
  const columns = result.fields.flatMap((field, index) => {
    const parse = parsers[field.dataTypeID];
    return parse ? [{ key: rowMode === 'array' ? index : field.name, parse }] : [];
  });
  if (!columns.length) return result;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const { key, parse } of columns) {
      const value = row[key];
      if (typeof value === 'string') row[key] = parse(value);
    }
  }
  return result;
}
