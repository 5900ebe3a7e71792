/**
 * A worker's heartbeat: every few seconds it checks that it can take jobs (its fetch loop runs and
 * its own Redis connections answer) and notes the time when it could. A worker is consuming while
 * that note is recent and its state still says so: it goes unready as soon as it is closed or its
 * connections drop, and within `staleAfterMs` when they hang without dropping.
 */
export interface HeartbeatOptions {
  /** The full check (may talk to Redis); true when the worker can take jobs. */
  probe(): Promise<boolean>;
  /** The check of the state known without asking anyone (running, connections up). */
  state(): boolean;
  everyMs?: number;
  staleAfterMs?: number;
}

export interface Heartbeat {
  alive(): boolean;
  /** Checks now, besides the regular checks (when the worker says it is ready, say). */
  beatNow(): Promise<void>;
  /** When the last successful check ended (ms since the epoch), if any. */
  lastBeatAt(): number | undefined;
  stop(): void;
}

export const HEARTBEAT_MS = 5_000;

export function startHeartbeat(options: HeartbeatOptions): Heartbeat {
  const everyMs = options.everyMs ?? HEARTBEAT_MS;
  const staleAfterMs = options.staleAfterMs ?? 3 * everyMs;
  let last: number | undefined;
  let beating = false;
  const beat = async () => {
    if (beating) return;
    beating = true;
    try {
      if (await options.probe()) last = Date.now();
    } catch {
      // Not beating this time: the note gets older and the worker goes unready if this lasts.
    } finally {
      beating = false;
    }
  };
  const timer = setInterval(() => void beat(), everyMs);
  timer.unref();
  void beat();
  return {
    alive: () => last !== undefined && Date.now() - last < staleAfterMs && options.state(),
    beatNow: beat,
    lastBeatAt: () => last,
    stop: () => clearInterval(timer),
  };
}
