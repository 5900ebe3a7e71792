// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useArrivals } from './useArrivals';

describe('useArrivals', () => {
  it('goes up when the count rises, and stays when it falls or holds', () => {
    const { result, rerender } = renderHook(({ count }) => useArrivals(count), { initialProps: { count: 1 } });
    expect(result.current).toBe(0);
    rerender({ count: 3 });
    expect(result.current).toBe(1);
    rerender({ count: 3 });
    expect(result.current).toBe(1);
    rerender({ count: 2 });
    expect(result.current).toBe(1);
    rerender({ count: 0 });
    expect(result.current).toBe(1);
    rerender({ count: 1 });
    expect(result.current).toBe(2);
  });
});
