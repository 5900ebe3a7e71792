/**
 * Where this page stands in each event stream ('user:<id>', 'admins'). Durable events carry their
 * position; the cursor applies an event only when it is the next one, drops a repeat, and reports a
 * gap (something was missed) so the socket can ask the server to replay from here. The positions go
 * in the handshake of every (re)connection, so the server resumes exactly where the page left off.
 */
import type { EventMeta, StreamPositions, StreamState } from '../events';

export type Verdict = 'apply' | 'repeat' | 'gap';

export class StreamCursor {
  private readonly positions = new Map<string, number>();

  /** The positions to resume from. */
  snapshot(): StreamPositions {
    return Object.fromEntries(this.positions);
  }

  /** A starting point known from elsewhere (the position GET /api/user reported), unless one is known already. */
  seed(stream: string, position: number | undefined): void {
    if (position !== undefined && !this.positions.has(stream)) this.positions.set(stream, position);
  }

  /** The server said where the stream stands (after catching up, or a reset). */
  settle(state: StreamState): void {
    this.positions.set(state.stream, state.position);
  }

  /** Decides what to do with an event, and moves on when it is applied. */
  accept(meta: EventMeta | undefined): Verdict {
    if (!meta) return 'apply';
    const known = this.positions.get(meta.stream);
    if (known === undefined) return 'gap';
    if (meta.position <= known) return 'repeat';
    if (meta.position > known + 1) return 'gap';
    this.positions.set(meta.stream, meta.position);
    return 'apply';
  }
}
