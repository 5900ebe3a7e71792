/**
 * Runs an async task one at a time, coalescing requests: asking while it runs makes it run once more
 * afterwards, however many times it was asked. A failed run is retried after a growing pause (and
 * reported once per streak of failures, not per try), so a database or Redis outage is not a busy loop.
 */
export interface SerialTaskOptions {
  /** Told about the first failure of a streak, and when the task works again. */
  onFailure?: (error: unknown) => void;
  onRecovery?: () => void;
  /** First pause after a failure; it doubles up to maxBackoffMs. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

export class SerialTask {
  private running: Promise<void> | undefined;
  private again = false;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly task: () => Promise<void>,
    private readonly options: SerialTaskOptions = {},
  ) {}

  /** Whether a run is in progress. */
  get busy(): boolean {
    return this.running !== undefined;
  }

  /** Asks for a run; resolves when a run that started after this call has finished. */
  request(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.loop().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Stops asking; waits for a run in progress to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    await this.running;
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.task();
        if (this.failures > 0) this.options.onRecovery?.();
        this.failures = 0;
      } catch (error) {
        if (this.failures === 0) this.options.onFailure?.(error);
        this.failures += 1;
        this.scheduleRetry();
        return;
      }
    } while (this.again && !this.stopped);
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retryTimer) return;
    const min = this.options.minBackoffMs ?? 100;
    const max = this.options.maxBackoffMs ?? 5_000;
    const delay = Math.min(max, min * 2 ** Math.min(this.failures - 1, 16));
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.request();
    }, delay);
    this.retryTimer.unref();
  }
}
