import { afterEach, describe, expect, it } from 'vitest';
import { forgetReadPositions, noteReadPosition, takeFirstReadPosition } from './readPositions';
import { asUserId } from '@pog/common';

describe('the first GET /api/user position of a page', () => {
  afterEach(forgetReadPositions);

  it('keeps the first position per player, not the later answers', () => {
    noteReadPosition({ id: 7, streamPosition: 12 });
    noteReadPosition({ id: 7, streamPosition: 15 });
    noteReadPosition({ id: 8, streamPosition: 3 });
    expect(takeFirstReadPosition(asUserId(7))).toBe(12);
    expect(takeFirstReadPosition(asUserId(8))).toBe(3);
  });

  it('is forgotten once taken, so a connection opened later starts from its own latest answer', () => {
    noteReadPosition({ id: 7, streamPosition: 12 });
    expect(takeFirstReadPosition(asUserId(7))).toBe(12);
    expect(takeFirstReadPosition(asUserId(7))).toBeUndefined();
    noteReadPosition({ id: 7, streamPosition: 20 });
    expect(takeFirstReadPosition(asUserId(7))).toBe(20);
  });

  it('ignores signed-out answers and answers without a position, and forgets everything at a session change', () => {
    noteReadPosition(null);
    noteReadPosition({ id: 7 });
    expect(takeFirstReadPosition(asUserId(7))).toBeUndefined();
    noteReadPosition({ id: 7, streamPosition: 4 });
    forgetReadPositions();
    expect(takeFirstReadPosition(asUserId(7))).toBeUndefined();
  });
});
