/**
 * Stream heads kept in memory: read once, advanced by delivered events, never past the database's
 * head (a client resuming from one is replayed what it lacks, never skips an event), forgotten when
 * the delivered seqs jump.
 */
import { describe, expect, it } from 'vitest';
import type { SequencedEvent } from '@pog/domain/outbox';
import { StreamHeads } from './stream-heads';

const event = (seq: number, stream: string, position: number): SequencedEvent => ({ id: seq, seq, stream, position, name: 'notification', payload: {}, createdAt: new Date(0) });

/** A database whose heads the test sets, counting reads; `hold` keeps reads waiting until released. */
function fakeDatabase(heads: Record<string, number>) {
  const state = { reads: 0, held: [] as Array<() => void>, hold: false };
  const read = async (stream: string) => {
    state.reads += 1;
    if (state.hold) await new Promise<void>((resolve) => state.held.push(resolve));
    return heads[stream] ?? 0;
  };
  const release = () => state.held.splice(0).forEach((resolve) => resolve());
  return { state, read, release };
}

describe('StreamHeads', () => {
  it('reads a head once, then follows the delivered events without reading again', async () => {
    const db = fakeDatabase({ 'user:1': 4 });
    const heads = new StreamHeads(db.read);
    expect(await heads.get('user:1')).toBe(4);
    heads.advance([event(10, 'user:1', 5), event(11, 'user:2', 1), event(12, 'user:1', 6)]);
    expect(await heads.get('user:1')).toBe(6);
    expect(db.state.reads).toBe(1);
    // A stream never asked for is not kept: read when first asked.
    expect(await heads.get('user:2')).toBe(0);
    expect(db.state.reads).toBe(2);
  });

  it('counts events delivered while the head is being read, and shares one read', async () => {
    const db = fakeDatabase({ 'user:1': 3 });
    db.state.hold = true;
    const heads = new StreamHeads(db.read);
    const first = heads.get('user:1');
    const second = heads.get('user:1');
    // Sequenced after the read's snapshot: the database answers 3, the delivery says 5.
    heads.advance([event(20, 'user:1', 4), event(21, 'user:1', 5)]);
    db.release();
    expect(await first).toBe(5);
    expect(await second).toBe(5);
    expect(db.state.reads).toBe(1);
  });

  it('forgets every head when the delivered seqs jump, and reads them again', async () => {
    const truth = { 'user:1': 2 };
    const db = fakeDatabase(truth);
    const heads = new StreamHeads(db.read);
    heads.advance([event(1, 'user:9', 1)]);
    expect(await heads.get('user:1')).toBe(2);
    // Seqs 2 to 4 never reached this gateway (user:1's positions 3 and 4 among them).
    truth['user:1'] = 4;
    heads.advance([event(5, 'user:9', 2)]);
    expect(heads.size).toBe(0);
    expect(await heads.get('user:1')).toBe(4);
    expect(db.state.reads).toBe(2);
  });

  it('keeps no head whose read failed', async () => {
    let fail = true;
    const heads = new StreamHeads(async () => {
      if (fail) throw new Error('database away');
      return 7;
    });
    await expect(heads.get('user:1')).rejects.toThrow('database away');
    fail = false;
    expect(await heads.get('user:1')).toBe(7);
  });

  it('keeps at most maxStreams heads', async () => {
    const heads = new StreamHeads(async () => 1, 3);
    for (const id of [1, 2, 3, 4]) await heads.get(`user:${id}`);
    expect(heads.size).toBeLessThanOrEqual(3);
  });

  it('never answers past the database, however reads, deliveries and holes interleave', async () => {
    // A random history: events are sequenced (the truth moves), delivered later in seq order (some
    // lost: a hole), and heads are asked for with reads that see the truth of their moment.
    for (let run = 0; run < 50; run++) {
      const truth: Record<string, number> = {};
      const sequenced: SequencedEvent[] = [];
      const heads = new StreamHeads(async (stream) => {
        const at = truth[stream] ?? 0;
        await new Promise((resolve) => setTimeout(resolve, Math.random() < 0.5 ? 0 : 1));
        return at;
      });
      let delivered = 0;
      const pending: Array<Promise<void>> = [];
      for (let step = 0; step < 200; step++) {
        const stream = `user:${1 + Math.floor(Math.random() * 3)}`;
        const roll = Math.random();
        if (roll < 0.4) {
          truth[stream] = (truth[stream] ?? 0) + 1;
          sequenced.push(event(sequenced.length + 1, stream, truth[stream]));
        } else if (roll < 0.7 && delivered < sequenced.length) {
          const upTo = delivered + 1 + Math.floor(Math.random() * (sequenced.length - delivered));
          // Now and then a batch never arrives: the next one starts past a hole.
          if (Math.random() > 0.1) heads.advance(sequenced.slice(delivered, upTo));
          delivered = upTo;
        } else {
          pending.push(heads.get(stream).then((head) => expect(head).toBeLessThanOrEqual(truth[stream] ?? 0)));
        }
        if (Math.random() < 0.2) await new Promise((resolve) => setTimeout(resolve, 0));
      }
      await Promise.all(pending);
      // Once everything is delivered (the next event shows any hole), a head asked for is the truth.
      sequenced.push(event(sequenced.length + 1, 'user:0', 1));
      heads.advance(sequenced.slice(delivered));
      for (const stream of Object.keys(truth)) expect(await heads.get(stream)).toBe(truth[stream]);
    }
  });
});
