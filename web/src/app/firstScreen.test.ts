// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstScreenShown, markFirstScreenShown } from './firstScreen';

afterEach(() => {
  vi.useRealTimers();
});

describe('the first screen drawn', () => {
  it('is waited for at most the given time while no screen has drawn, then at once once one has', async () => {
    vi.useFakeTimers();
    let done = false;
    void firstScreenShown(5_000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);

    let waiting = true;
    const waited = firstScreenShown(60_000).then(() => (waiting = false));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(waiting).toBe(true);
    markFirstScreenShown();
    await waited;
    expect(waiting).toBe(false);
    // Later waits do not wait at all.
    let later = false;
    void firstScreenShown(60_000).then(() => (later = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(later).toBe(true);
  });
});
