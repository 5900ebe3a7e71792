// @ts-check
/**
 * The thread that runs the embedded database (see pglite-thread.ts): it opens PGlite on the folder it
 * is given and answers the server's requests (the messages of pglite-thread-protocol.ts). PGlite runs
 * one statement at a time; an open transaction holds it until the server ends it, and the requests
 * that arrive meanwhile wait for it in PGlite's queue.
 *
 * Plain JavaScript, loaded without tsx: a TypeScript loader in the thread (its own hooks thread and
 * compiler) cost about 60 MB of resident memory.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { forgetStatements, supportsWire, wireQuery } from './pglite-thread-wire.mjs';

class RolledBack extends Error {}

/** The pairs (array type, element type) PGlite reads at start to parse arrays (BasePGlite._initArrayTypes). */
const ARRAY_TYPES = `SELECT b.typarray, b.oid FROM pg_catalog.pg_type a JOIN pg_catalog.pg_type b ON b.oid = a.typelem
  WHERE a.typcategory = 'A' GROUP BY b.oid, b.typarray ORDER BY b.oid`;

const port = parentPort;
if (!port) throw new Error('pglite-thread-worker.mjs runs as a worker thread');
/** @param {import('./pglite-thread-protocol').ThreadMessage} message @param {ArrayBuffer[]} [transfer] */
const send = (message, transfer) => port.postMessage(message, transfer);

/** @type {Map<number, import('@electric-sql/pglite').Transaction>} */
const transactions = new Map();
/** Ends an open transaction: commits or rolls back, resolves once done. @type {Map<number, (commit: boolean) => Promise<void>>} */
const enders = new Map();
/** @type {Map<number, () => Promise<void>>} */
const subscriptions = new Map();
/** The subscriptions' handlers by channel, for the notifications in answers PGlite does not read itself (wireQuery). @type {Map<string, Map<number, (payload: string) => void>>} */
const listeners = new Map();
/** Whether statements take the one-trip path (pglite-thread-wire.mjs). */
let wire = false;
let nextId = 1;

/** An error as it crosses the thread: its message and its own plain fields (code, constraint, detail...). */
function carryError(/** @type {unknown} */ error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  /** @type {Record<string, unknown>} */
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || (typeof value === 'object' && value !== null)) continue;
    fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

const plain = (/** @type {import('@electric-sql/pglite').Results} */ result) => ({ rows: result.rows, fields: result.fields, affectedRows: result.affectedRows });

function transactionOf(/** @type {number} */ id) {
  const tx = transactions.get(id);
  if (!tx) throw new Error(`no open transaction ${id}`);
  return tx;
}

/**
 * Opens a transaction that lasts until `end`: PGlite serves nothing else meanwhile.
 * @param {PGlite} client
 * @returns {Promise<number>}
 */
function begin(client) {
  const id = nextId++;
  return new Promise((opened, failed) => {
    /** @type {(commit: boolean) => void} */
    let decide = () => undefined;
    /** @type {Promise<boolean>} */
    const decided = new Promise((resolve) => (decide = resolve));
    const finished = client
      .transaction(async (tx) => {
        transactions.set(id, tx);
        opened(id);
        if (!(await decided)) throw new RolledBack();
      })
      .catch((error) => {
        if (!(error instanceof RolledBack)) throw error;
      })
      .finally(() => {
        transactions.delete(id);
        enders.delete(id);
      });
    finished.catch(failed); // BEGIN itself failed: nothing was opened
    enders.set(id, (commit) => {
      decide(commit);
      return finished;
    });
  });
}

/**
 * @param {PGlite} client
 * @param {import('./pglite-thread-protocol').ThreadRequest} request
 * @returns {Promise<unknown>}
 */
async function handle(client, request) {
  switch (request.op) {
    case 'query': {
      const target = request.tx ? transactionOf(request.tx) : client;
      if (wire) {
        const notify = (/** @type {string} */ channel, /** @type {string} */ payload) => listeners.get(channel)?.forEach((handler) => handler(payload));
        return { wire: await wireQuery(client, request.sql, request.params, { inTransaction: Boolean(request.tx), notify, name: request.name, reuse: request.reuse }) };
      }
      // The types the caller parses itself come back as PostgreSQL's text.
      const parsers = Object.fromEntries(request.rawTypes.map((type) => [type, (/** @type {string} */ value) => value]));
      return plain(await target.query(request.sql, request.params, { rowMode: request.rowMode, parsers }));
    }
    case 'exec':
      forgetStatements(); // a script may change the tables statements read
      return (await (request.tx ? transactionOf(request.tx) : client).exec(request.sql)).map(plain);
    case 'begin':
      return begin(client);
    case 'end': {
      const end = enders.get(request.tx);
      if (!end) throw new Error(`no open transaction ${request.tx}`);
      return end(request.commit);
    }
    case 'listen': {
      const id = nextId++;
      const handler = (/** @type {string} */ payload) => send({ notify: id, payload });
      subscriptions.set(id, await client.listen(request.channel, handler));
      listeners.set(request.channel, (listeners.get(request.channel) ?? new Map()).set(id, handler));
      return id;
    }
    case 'unlisten': {
      const unsubscribe = subscriptions.get(request.subscription);
      subscriptions.delete(request.subscription);
      for (const handlers of listeners.values()) handlers.delete(request.subscription);
      return unsubscribe?.();
    }
    case 'close':
      await client.close();
      return undefined;
  }
}

async function main() {
  /** @type {{ dir: string; startParams: string[]; wire: boolean }} */
  const { dir, startParams } = workerData;
  /** @type {PGlite} */
  let client;
  try {
    // The options of pgliteOptions() (pglite-memory.ts), which this thread receives as data.
    client = await PGlite.create(dir, { startParams, extensions: { pg_trgm } });
  } catch (error) {
    send({ ready: true, error: carryError(error) });
    return;
  }
  wire = workerData.wire && supportsWire(client);
  /** The database's array types and their elements' (as PGlite reads them to parse arrays), for the server's thread to parse rows. */
  const arrayTypes = wire ? (await client.query(ARRAY_TYPES, [], { rowMode: 'array' })).rows : [];
  port.on('message', (/** @type {import('./pglite-thread-protocol').ThreadRequest} */ request) => {
    handle(client, request).then(
      (value) => {
        const bytes = value && typeof value === 'object' && 'wire' in value ? /** @type {Uint8Array} */ (value.wire) : undefined;
        send({ id: request.id, ok: true, value }, bytes ? [/** @type {ArrayBuffer} */ (bytes.buffer)] : undefined);
        if (request.op === 'close') port.close();
      },
      (error) => send({ id: request.id, ok: false, error: carryError(error) }),
    );
  });
  send({ ready: true, arrayTypes });
}

void main();
