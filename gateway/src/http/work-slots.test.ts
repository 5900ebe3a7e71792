import { describe, expect, it, vi } from 'vitest';
import { workSlots } from './work-slots';

/** Work that ends when `end()` is called. */
function held() {
  let end!: () => void;
  const done = new Promise<void>((resolve) => (end = resolve));
  const started = vi.fn();
  return { started, end, work: async () => (started(), await done, 'done') };
}

const refuse = () => new Error('full');

describe('workSlots', () => {
  it('runs at most `slots` at once, the waiting ones in turn, and refuses beyond the queue at once', async () => {
    const slots = workSlots({ slots: 2, queued: 2, refuse });
    const works = [held(), held(), held(), held()];
    const results = works.map((w) => slots.run(w.work));
    await vi.waitFor(() => expect(works[1]!.started).toHaveBeenCalled());
    await new Promise((resolve) => setImmediate(resolve));
    expect(works.map((w) => w.started.mock.calls.length)).toEqual([1, 1, 0, 0]);
    const extra = held();
    await expect(slots.run(extra.work)).rejects.toThrow('full');
    expect(extra.started).not.toHaveBeenCalled();
    works[0]!.end();
    await vi.waitFor(() => expect(works[2]!.started).toHaveBeenCalled());
    expect(works[3]!.started).not.toHaveBeenCalled();
    for (const w of works) w.end();
    expect(await Promise.all(results)).toEqual(['done', 'done', 'done', 'done']);
    // Room again.
    expect(await slots.run(async () => 'again')).toBe('again');
  });

  it('frees the slot of work that failed', async () => {
    const slots = workSlots({ slots: 1, queued: 0, refuse });
    await expect(slots.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await slots.run(async () => 'next')).toBe('next');
  });
});
