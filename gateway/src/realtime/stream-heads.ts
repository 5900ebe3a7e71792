/**
 * Where streams stand, kept in memory so that `GET /api/user` answers without a database round trip.
 *
 * A stream's head is read from the database the first time it is asked for, then advanced by the
 * events the relay delivers to this gateway (every sequenced event, in seq order). A kept head is
 * therefore never past the truth (every position it takes was read or delivered), at most behind it
 * by the events not delivered yet: a client resuming from it is replayed those, never skips one.
 * When the delivered seqs jump (a hole: events this gateway never got), every head is forgotten and
 * read again, so none stays behind for long.
 */
import type { SequencedEvent } from '@pog/domain/outbox';

interface Kept {
  head: number;
  /** The database read this entry waits for (events delivered meanwhile already count). */
  reading?: Promise<number>;
}

export class StreamHeads {
  private readonly kept = new Map<string, Kept>();
  private lastSeq: number | undefined;

  constructor(
    private readonly read: (stream: string) => Promise<number>,
    private readonly maxStreams = 50_000,
  ) {}

  /** The relay's delivery: every sequenced event, in seq order. */
  advance(events: readonly SequencedEvent[]): void {
    for (const event of events) {
      if (this.lastSeq !== undefined && event.seq !== this.lastSeq + 1) this.forget();
      this.lastSeq = event.seq;
      const kept = this.kept.get(event.stream);
      if (kept && event.position > kept.head) kept.head = event.position;
    }
  }

  /** The stream's head when this gateway keeps it (undefined while it is first read, or not kept): what `get` would give. */
  known(stream: string): number | undefined {
    const kept = this.kept.get(stream);
    return kept && !kept.reading ? kept.head : undefined;
  }

  /** The stream's head as far as this gateway knows: never past the database's, possibly behind it. */
  async get(stream: string): Promise<number> {
    const kept = this.kept.get(stream);
    if (kept) return kept.reading ?? kept.head;
    if (this.kept.size >= this.maxStreams) this.forget();
    const entry: Kept = { head: 0 };
    entry.reading = (async () => {
      try {
        const read = await this.read(stream);
        // Events delivered while the read was on its way count too (the read may predate them).
        entry.head = Math.max(entry.head, read);
        return entry.head;
      } catch (error) {
        if (this.kept.get(stream) === entry) this.kept.delete(stream);
        throw error;
      } finally {
        delete entry.reading;
      }
    })();
    this.kept.set(stream, entry);
    return entry.reading;
  }

  /** Forgets every head: each is read again when next asked for. */
  forget(): void {
    this.kept.clear();
  }

  /** How many heads are kept (tests, metrics). */
  get size(): number {
    return this.kept.size;
  }
}
