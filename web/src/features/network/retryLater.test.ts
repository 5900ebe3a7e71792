import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryLater } from './retryLater';

describe('retryLater', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs once after the wait', () => {
    vi.useFakeTimers();
    const again = vi.fn();
    retryLater(again, 5_000);
    vi.advanceTimersByTime(4_999);
    expect(again).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(10_000);
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('runs at once when the network comes back, and not again at the end of the wait', () => {
    vi.useFakeTimers();
    const browser = new EventTarget();
    vi.stubGlobal('window', browser);
    const again = vi.fn();
    retryLater(again, 5_000);
    browser.dispatchEvent(new Event('online'));
    expect(again).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5_000);
    browser.dispatchEvent(new Event('online'));
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled', () => {
    vi.useFakeTimers();
    const browser = new EventTarget();
    vi.stubGlobal('window', browser);
    const again = vi.fn();
    retryLater(again, 5_000)();
    browser.dispatchEvent(new Event('online'));
    vi.advanceTimersByTime(5_000);
    expect(again).not.toHaveBeenCalled();
  });
});
