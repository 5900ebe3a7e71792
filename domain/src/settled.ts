/** The outcome of one item of a batch: its value, or the error that concerns it alone. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };
