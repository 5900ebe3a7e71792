import { describe, expect, it } from 'vitest';
import { throttle } from './throttle';

describe('throttle', () => {
  it('drops calls inside the window and lets the next one through after it', () => {
    let time = 1000;
    const calls: number[] = [];
    const click = throttle((n: number) => calls.push(n), 300, () => time);
    click(1);
    time += 100;
    click(2);
    time += 250;
    click(3);
    expect(calls).toEqual([1, 3]);
  });
});
