import { afterEach, describe, expect, it, vi } from 'vitest';
import { inOrderOnceLoaded } from './inOrder';

describe('steps that wait for code loaded on demand', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('keeps the steps, in order, through a failed load and runs them once a later try loads the code', async () => {
    vi.useFakeTimers();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let tries = 0;
    const load = () => (++tries === 1 ? Promise.reject(new Error('Failed to fetch dynamically imported module')) : Promise.resolve('code'));
    const steps = inOrderOnceLoaded(load, 'live event');
    const ran: string[] = [];
    steps.run((code) => ran.push(`first with ${code}`));
    steps.run((code) => ran.push(`second with ${code}`));
    await vi.advanceTimersByTimeAsync(0);
    expect(ran).toEqual([]);
    expect(errors).toHaveBeenCalledWith('[pog] live event (code load)', expect.any(Error));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(tries).toBe(2);
    expect(ran).toEqual(['first with code', 'second with code']);
    // Loaded: the next step runs at once.
    steps.run((code) => ran.push(`third with ${code}`));
    expect(ran).toHaveLength(3);
  });

  it('reports a step that throws and still runs the ones after it', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const steps = inOrderOnceLoaded(() => Promise.resolve(1), 'live event');
    const ran: number[] = [];
    steps.run(() => {
      throw new Error('handler failed');
    });
    steps.run((value) => ran.push(value));
    await vi.waitFor(() => expect(ran).toEqual([1]));
    expect(errors).toHaveBeenCalledWith('[pog] live event', expect.objectContaining({ message: 'handler failed' }));
  });

  it('runs a step that needs no code at once, or after the steps waiting for the code', async () => {
    const steps = inOrderOnceLoaded(() => Promise.resolve('code'), 'live event');
    const ran: string[] = [];
    steps.afterWaiting(() => ran.push('alone'));
    expect(ran).toEqual(['alone']);
    steps.run(() => ran.push('needs the code'));
    steps.afterWaiting(() => ran.push('after it'));
    expect(ran).toEqual(['alone']);
    await vi.waitFor(() => expect(ran).toEqual(['alone', 'needs the code', 'after it']));
  });

  it('stops trying to load once stopped, and runs nothing', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    const steps = inOrderOnceLoaded(load, 'live event');
    const ran: string[] = [];
    steps.run(() => ran.push('step'));
    await vi.advanceTimersByTimeAsync(0);
    steps.stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(load).toHaveBeenCalledTimes(1);
    expect(ran).toEqual([]);
  });
});
