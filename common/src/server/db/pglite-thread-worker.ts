/**
 * The thread that runs the embedded database (see pglite-thread.ts): it opens PGlite on the folder it
 * is given and answers the server's requests. PGlite runs one statement at a time; an open transaction
 * holds it until the server ends it, and the requests that arrive meanwhile wait for it in PGlite's queue.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { pgliteOptions } from './pglite-memory';
import { carryError, type ThreadMessage, type ThreadRequest } from './pglite-thread-protocol';

class RolledBack extends Error {}

const port = parentPort;
if (!port) throw new Error('pglite-thread-worker.ts runs as a worker thread');
const send = (message: ThreadMessage) => port.postMessage(message);

const transactions = new Map<number, Transaction>();
/** Ends an open transaction: commits or rolls back, resolves once done. */
const enders = new Map<number, (commit: boolean) => Promise<void>>();
const subscriptions = new Map<number, () => Promise<void>>();
let nextId = 1;

const plain = (result: Results) => ({ rows: result.rows, fields: result.fields, affectedRows: result.affectedRows });

function transactionOf(id: number): Transaction {
  const tx = transactions.get(id);
  if (!tx) throw new Error(`no open transaction ${id}`);
  return tx;
}

/** Opens a transaction that lasts until `end`: PGlite serves nothing else meanwhile. */
function begin(client: PGlite): Promise<number> {
  const id = nextId++;
  return new Promise((opened, failed) => {
    let decide: (commit: boolean) => void = () => undefined;
    const decided = new Promise<boolean>((resolve) => (decide = resolve));
    const finished = client
      .transaction(async (tx) => {
        transactions.set(id, tx);
        opened(id);
        if (!(await decided)) throw new RolledBack();
      })
      .catch((error: unknown) => {
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

async function handle(client: PGlite, request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const target = request.tx ? transactionOf(request.tx) : client;
      // The types the caller parses itself come back as PostgreSQL's text.
      const parsers = Object.fromEntries(request.rawTypes.map((type) => [type, (value: string) => value]));
      return plain(await target.query(request.sql, request.params, { rowMode: request.rowMode, parsers }));
    }
    case 'exec':
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
      subscriptions.set(id, await client.listen(request.channel, (payload) => send({ notify: id, payload })));
      return id;
    }
    case 'unlisten': {
      const unsubscribe = subscriptions.get(request.subscription);
      subscriptions.delete(request.subscription);
      return unsubscribe?.();
    }
    case 'close':
      await client.close();
      return undefined;
  }
}

async function main(): Promise<void> {
  const { dir } = workerData as { dir: string };
  let client: PGlite;
  try {
    client = await PGlite.create(dir, pgliteOptions());
  } catch (error) {
    send({ ready: true, error: carryError(error) });
    return;
  }
  port!.on('message', (request: ThreadRequest) => {
    handle(client, request).then(
      (value) => {
        send({ id: request.id, ok: true, value });
        if (request.op === 'close') port!.close();
      },
      (error: unknown) => send({ id: request.id, ok: false, error: carryError(error) }),
    );
  });
  send({ ready: true });
}

void main();
