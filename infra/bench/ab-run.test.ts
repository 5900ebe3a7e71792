import { describe, expect, it } from 'vitest';
import { requestLines } from './ab-run';

describe('the list benchmarks\' requests', () => {
  it('come from one client address by default', () => {
    expect(requestLines(['/a', '/b'], 1)).toEqual([{ method: 'GET', path: '/a' }, { method: 'GET', path: '/b' }]);
  });

  it('go through every client for a path before the next path, so a client asks again only after all the others', () => {
    const lines = requestLines(['/a', '/b'], 300);
    expect(lines).toHaveLength(600);
    expect(lines.slice(0, 2)).toEqual([{ method: 'GET', path: '/a', forwardedFor: '10.0.0.1' }, { method: 'GET', path: '/a', forwardedFor: '10.0.0.2' }]);
    expect(lines[299]).toEqual({ method: 'GET', path: '/a', forwardedFor: '10.0.1.44' });
    expect(lines[300]).toEqual({ method: 'GET', path: '/b', forwardedFor: '10.0.0.1' });
    expect(new Set(lines.map((l) => l.forwardedFor)).size).toBe(300);
  });
});
