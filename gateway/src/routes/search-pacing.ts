import type { UserId } from '@pog/common/schemas/ids';
/**
 * Fair use of the heaviest read. Explore's search is the costliest request a client can
 * repeat; embedded, it runs on the one database thread every other request needs too, and a client
 * searching back to back kept that thread busy all the time (others' throughput cut by a third).
 *
 * The rule: a client's searches run one at a time, and after a search that took d ms, that client's
 * next one starts no sooner than d × (1 / share − 1) ms after it ended, so that one client keeps the
 * server searching at most `share` of the time (a fifth: 4 × d of rest, at most `maxRestMs`). Nothing
 * is refused; a later search waits its turn. A person typing in the search box (a search every few
 * hundred milliseconds, each taking a few) never waits; a script looping on it is slowed to its share.
 * Other clients' searches are not held by it: each client has its own turn.
 */

export interface SearchPacingOptions {
  /** The part of the time one client's searches may take (0 < share <= 1). */
  share?: number;
  /** The longest rest imposed after one search, however long it took. */
  maxRestMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface SearchPacer {
  /** Runs `search` in `client`'s turn: after that client's earlier searches and their rest. */
  run<T>(client: string, search: () => Promise<T>): Promise<T>;
  /** Clients whose turn is still remembered (tests). */
  readonly clients: number;
}

interface Turn {
  /** Settles when the client's last queued search has ended. */
  tail: Promise<unknown>;
  /** When the client's next search may start. */
  readyAt: number;
  queued: number;
}

export const SEARCH_SHARE = 0.2;
const MAX_REST_MS = 1_000;
/** Above this many remembered clients, those idle and rested are forgotten. */
const PRUNE_ABOVE = 1_000;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createSearchPacer(options: SearchPacingOptions = {}): SearchPacer {
  const share = options.share ?? SEARCH_SHARE;
  if (!(share > 0 && share <= 1)) throw new RangeError(`a search share is above 0 and at most 1, not ${share}`);
  const maxRestMs = options.maxRestMs ?? MAX_REST_MS;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const turns = new Map<string, Turn>();

  const prune = () => {
    const time = now();
    for (const [client, turn] of turns) if (turn.queued === 0 && turn.readyAt <= time) turns.delete(client);
  };

  return {
    run<T>(client: string, search: () => Promise<T>): Promise<T> {
      let turn = turns.get(client);
      if (!turn) {
        if (turns.size >= PRUNE_ABOVE) prune();
        turn = { tail: Promise.resolve(), readyAt: 0, queued: 0 };
        turns.set(client, turn);
      }
      const own = turn;
      own.queued += 1;
      const result = own.tail.then(async () => {
        const rest = own.readyAt - now();
        if (rest > 0) await sleep(rest);
        const started = now();
        try {
          return await search();
        } finally {
          const ended = now();
          own.readyAt = ended + Math.min((ended - started) * (1 / share - 1), maxRestMs);
        }
      });
      own.tail = result.then(
        () => (own.queued -= 1),
        () => (own.queued -= 1),
      );
      return result;
    },
    get clients() {
      return turns.size;
    },
  };
}

/** Whose turn a request's search takes: the signed-in player's, else the client address's. */
export function searchClient(userId: UserId | undefined, ip: string): string {
  return userId === undefined ? `ip:${ip}` : `user:${userId}`;
}
