import { describe, expect, it } from 'vitest';
import { StreamCursor } from './stream-cursor';

const meta = (position: number, stream = 'user:1') => ({ id: `e${position}`, stream, position });

describe('StreamCursor', () => {
  it('applies the next event, drops repeats and reports gaps', () => {
    const cursor = new StreamCursor();
    cursor.settle({ stream: 'user:1', position: 4, reset: false });
    expect(cursor.accept(meta(5))).toBe('apply');
    expect(cursor.accept(meta(5))).toBe('repeat');
    expect(cursor.accept(meta(3))).toBe('repeat');
    expect(cursor.accept(meta(7))).toBe('gap');
    // A gap does not move the cursor: the replay starts after 5.
    expect(cursor.snapshot()).toEqual({ 'user:1': 5 });
    expect(cursor.accept(meta(6))).toBe('apply');
    expect(cursor.accept(meta(7))).toBe('apply');
  });

  it('treats an event of a stream it knows nothing about as a gap', () => {
    const cursor = new StreamCursor();
    expect(cursor.accept(meta(1, 'admins'))).toBe('gap');
    expect(cursor.snapshot()).toEqual({});
  });

  it('keeps streams apart and lets a seed start a stream only once', () => {
    const cursor = new StreamCursor();
    cursor.seed('user:1', 10);
    cursor.seed('user:1', 2);
    cursor.settle({ stream: 'admins', position: 3, reset: true });
    expect(cursor.snapshot()).toEqual({ 'user:1': 10, admins: 3 });
    expect(cursor.accept(meta(11))).toBe('apply');
    expect(cursor.accept(meta(4, 'admins'))).toBe('apply');
  });

  it('applies events without a position (nothing to order them by)', () => {
    expect(new StreamCursor().accept(undefined)).toBe('apply');
  });
});
