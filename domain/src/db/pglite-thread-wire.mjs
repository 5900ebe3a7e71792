// @ts-check
/**
 * One statement in one trip through PGlite's WebAssembly, for the database thread
 * (pglite-thread-worker.mjs). PGlite's own `query` sends Parse, Describe, Bind, Describe, Execute and
 * Sync as six trips and parses every answer into objects in JavaScript (a copy of the buffer per
 * field); those objects then cross to the server's thread by structured clone. Here:
 *
 * - the parameters' types of a statement's text are asked once (Parse + Describe) and kept, so a
 *   statement seen before is Parse + Bind + Describe + Execute + Sync in one call; the statement is
 *   still the unnamed one, planned for its parameters each time, as PGlite's `query` plans it;
 * - a statement the caller names (the hand-written hot reads of raw-query.ts, which are named
 *   prepared statements on PostgreSQL too) is prepared once: then Bind + Describe + Execute + Sync;
 * - a named statement the caller marks reusable (a page of the POG list: its answer is a function of
 *   the data and its parameters) is answered again from its last answer to the same parameters
 *   while the write-ahead log has not moved (nothing was written since, committed or not): the same
 *   bytes PostgreSQL would send, for one tiny statement instead of the page's;
 * - the parameters are written as PGlite writes them (its serializer for each parameter's type);
 * - the answer is taken as PostgreSQL's bytes (PGlite's raw stream: its own parser does not run) and
 *   moved (not copied) to the server's thread, which reads its rows (pglite-wire-rows.ts); this
 *   thread only looks in it for an error and for notifications, which it hands to the listeners;
 * - the same locks as PGlite's `query` (outside a transaction it waits for an open one to end),
 *   and the same sync of the files after a statement outside a transaction.
 */
import { protocol, types } from '@electric-sql/pglite';

const serialize = protocol.serialize;
/** Statements' texts whose parameters' types are known, newest last (a bounded map). */
const described = new Map();
const DESCRIBED_MAX = 500;
/** Named prepared statements made so far, by name: their text and parameters' types. @type {Map<string, { text: string; typeIds: number[] }>} */
const prepared = new Map();

/** The last answers of reusable statements, by name and parameters, with the log's position when read and the statement's text; newest last. @type {Map<string, { position: string | null; text: string; bytes: Uint8Array }>} */
const answers = new Map();
const ANSWERS_MAX = 64;
const WAL_POSITION = { name: 'pglite_thread_wal_position', text: 'SELECT pg_current_wal_insert_lsn()::text' };

/** @param {string} key @param {{ position: string | null; text: string; bytes: Uint8Array }} answer */
function keep(key, answer) {
  answers.delete(key);
  answers.set(key, { ...answer, bytes: answer.bytes.slice() }); // a copy: the answer's bytes are moved to the server's thread
  if (answers.size > ANSWERS_MAX) answers.delete(/** @type {string} */ (answers.keys().next().value));
}

/** Forgets what was learnt about statements (a script may have changed the tables they read); named ones are prepared again. */
export function forgetStatements() {
  described.clear();
  prepared.clear();
  answers.clear();
}

/**
 * Whether this PGlite offers what the fast path uses (its lock helpers are internal, so a version
 * without them falls back to `query`).
 * @param {any} client
 */
export function supportsWire(client) {
  return typeof client.execProtocolRawStream === 'function' && typeof client._runExclusiveQuery === 'function' && typeof client._runExclusiveTransaction === 'function' && typeof client.syncToFs === 'function';
}

/** @param {Uint8Array[]} parts */
function concat(parts) {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The parameters as text, each by its type's serializer (PGlite's own and its array types').
 * @param {any} client @param {unknown[]} params @param {number[]} typeIds
 */
function values(client, params, typeIds) {
  return params.map((param, i) => {
    if (param === null || param === undefined) return null;
    const serializeValue = client.serializers[/** @type {number} */ (typeIds[i])] ?? types.serializers[/** @type {number} */ (typeIds[i])];
    return serializeValue ? serializeValue(param) : String(param);
  });
}

/** An error as PGlite's DatabaseError carries it: its message and its fields by name. */
const ERROR_FIELDS = /** @type {Record<string, string>} */ ({
  S: 'severity', C: 'code', D: 'detail', H: 'hint', P: 'position', p: 'internalPosition', q: 'internalQuery', W: 'where',
  s: 'schema', t: 'table', c: 'column', d: 'dataType', n: 'constraint', F: 'file', L: 'line', R: 'routine',
});

/**
 * What the thread needs from an answer: the first error, the notifications, the parameters' types.
 * @param {Uint8Array} bytes
 */
export function scanAnswer(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const decoder = new TextDecoder();
  /** @type {{ name: string; message: string; fields: Record<string, unknown> } | undefined} */
  let error;
  /** @type {{ channel: string; payload: string }[]} */
  const notifications = [];
  /** @type {number[]} */
  let paramTypes = [];
  /** The first row's first value, as text. @type {string | null | undefined} */
  let firstValue;
  /** @param {number} at */
  const cstring = (at) => {
    let end = at;
    while (bytes[end] !== 0) end++;
    return { text: decoder.decode(bytes.subarray(at, end)), next: end + 1 };
  };
  for (let at = 0; at + 5 <= bytes.length; ) {
    const code = bytes[at];
    const length = view.getUint32(at + 1);
    const body = at + 5;
    if (code === 0x45 && !error) {
      // 'E' ErrorResponse: fields (a type byte, a string) up to a zero byte
      /** @type {Record<string, unknown>} */
      const fields = { length, name: 'error' };
      let message = '';
      for (let p = body; bytes[p] !== 0; ) {
        const type = String.fromCharCode(/** @type {number} */ (bytes[p]));
        const value = cstring(p + 1);
        if (type === 'M') message = value.text;
        else if (ERROR_FIELDS[type]) fields[/** @type {string} */ (ERROR_FIELDS[type])] = value.text;
        p = value.next;
      }
      error = { name: 'error', message, fields };
    } else if (code === 0x41) {
      // 'A' NotificationResponse: the sender's pid, the channel, the payload
      const channel = cstring(body + 4);
      notifications.push({ channel: channel.text, payload: cstring(channel.next).text });
    } else if (code === 0x44 && firstValue === undefined) {
      // 'D' DataRow: a count, then per value its length (-1 for null) and its text
      const size = view.getInt32(body + 2);
      firstValue = size < 0 ? null : decoder.decode(bytes.subarray(body + 6, body + 6 + size));
    } else if (code === 0x74) {
      // 't' ParameterDescription: a count, then each parameter's type
      const count = view.getUint16(body);
      paramTypes = Array.from({ length: count }, (_, i) => view.getUint32(body + 2 + 4 * i));
    }
    at += 1 + length;
  }
  return { error, notifications, paramTypes, firstValue };
}

/** The error an answer held, thrown as an Error with its fields (carried across as PGlite's are). */
class AnswerError extends Error {
  /** @param {{ name: string; message: string; fields: Record<string, unknown> }} carried @param {string} sql */
  constructor(carried, sql) {
    super(carried.message);
    Object.assign(this, carried.fields, { query: sql });
    Object.defineProperty(this, 'name', { value: carried.name, enumerable: false, configurable: true, writable: true });
  }
}

/**
 * Runs one statement and returns PostgreSQL's answer as bytes (its rows read by the server's thread).
 * @param {any} client PGlite
 * @param {string} sql
 * @param {unknown[]} params
 * @param {{ inTransaction: boolean; notify: (channel: string, payload: string) => void; name?: string | undefined; reuse?: boolean | undefined }} context
 *   `name`: run it as that named prepared statement (parsed and planned once, as on PostgreSQL);
 *   `reuse`: its answer depends on the data and the parameters only (no clock, no random, no
 *   write), so the last answer to the same parameters is given again while nothing was written
 * @returns {Promise<Uint8Array>}
 */
export function wireQuery(client, sql, params, { inTransaction, notify, name, reuse }) {
  /** Sends `message`; PGlite hands over the answer as it comes, unread (its own parser is what this path saves). @param {Uint8Array} message */
  const send = async (message) => {
    /** @type {Uint8Array[]} */
    const chunks = [];
    await client.execProtocolRawStream(message, { syncToFs: false, onRawData: (/** @type {Uint8Array} */ bytes) => void chunks.push(bytes.slice()) });
    const answer = chunks.length === 1 ? /** @type {Uint8Array} */ (chunks[0]) : concat(chunks);
    const scanned = scanAnswer(answer);
    for (const { channel, payload } of scanned.notifications) notify(channel, payload);
    if (scanned.error) throw new AnswerError(scanned.error, sql);
    return { answer, paramTypes: scanned.paramTypes, firstValue: scanned.firstValue };
  };
  /** The unnamed statement: Parse each time (planned for these parameters); its parameters' types learnt once. */
  const unnamed = async () => {
    const parse = serialize.parse({ text: sql });
    let typeIds = described.get(sql);
    const head = [];
    if (typeIds) {
      described.delete(sql); // newest last
      head.push(parse);
    } else {
      typeIds = (await send(concat([parse, serialize.describe({ type: 'S' }), serialize.sync()]))).paramTypes;
    }
    described.set(sql, typeIds);
    if (described.size > DESCRIBED_MAX) described.delete(described.keys().next().value);
    return { head, typeIds, statement: '' };
  };
  /** A named prepared statement, parsed once (again if its text changed or a script ran). */
  const named = async (/** @type {string} */ statementName, text = sql) => {
    let known = prepared.get(statementName);
    if (known?.text !== text) {
      // Close first: it may exist from before a script (closing a statement that does not exist is no error).
      const prepare = [serialize.close({ type: 'S', name: statementName }), serialize.parse({ name: statementName, text }), serialize.describe({ type: 'S', name: statementName }), serialize.sync()];
      prepared.delete(statementName);
      known = { text, typeIds: (await send(concat(prepare))).paramTypes };
      prepared.set(statementName, known);
    }
    return { head: [], typeIds: known.typeIds, statement: statementName };
  };
  /** Where PostgreSQL's write-ahead log ends now: it moves with every change (a committed write, or one in a transaction). */
  const walPosition = async () => {
    await named(WAL_POSITION.name, WAL_POSITION.text);
    const { firstValue } = await send(concat([serialize.bind({ statement: WAL_POSITION.name, values: [] }), serialize.execute({}), serialize.sync()]));
    return firstValue;
  };
  /** A reusable statement's answers are kept by its parameters (outside a transaction only). @param {string[]} texts */
  const reuseKey = (texts) => (reuse && name && !inTransaction ? `${name}\0${JSON.stringify(texts)}` : undefined);
  /**
   * Binds and executes the statement; one that is gone, or whose plan no longer fits its tables, is prepared again next time.
   * @param {Uint8Array[]} head @param {string} statement @param {string[]} texts
   */
  const execute = async (head, statement, texts) => {
    const bind = serialize.bind({ statement, values: texts });
    try {
      return (await send(concat([...head, bind, serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]))).answer;
    } catch (error) {
      const code = /** @type {{ code?: string }} */ (error).code;
      if (name && (code === '26000' || code === '0A000')) prepared.delete(name);
      throw error;
    }
  };
  const run = async () => {
    await client._checkReady?.(); // a concurrent close() may have run first
    const { head, typeIds, statement } = name ? await named(name) : await unnamed();
    const texts = values(client, params, typeIds);
    // A reusable statement's answer stands while the log has not moved since it was read (nothing written since).
    const key = reuseKey(texts);
    const position = key ? await walPosition() : undefined;
    const kept = key ? answers.get(key) : undefined;
    if (kept && position !== undefined && kept.position === position && kept.text === sql) return kept.bytes.slice();
    const answer = await execute(head, statement, texts);
    if (!inTransaction) await client.syncToFs();
    if (key && position !== undefined) keep(key, { position, text: sql, bytes: answer });
    return answer;
  };
  // PGlite's query takes the transaction lock too (it waits for an open transaction); a transaction's own statements only the query lock.
  return inTransaction ? client._runExclusiveQuery(run) : client._runExclusiveTransaction(() => client._runExclusiveQuery(run));
}
