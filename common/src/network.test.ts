import { describe, expect, it } from 'vitest';
import { connectionQuality } from './network';

describe('connectionQuality (product spec: states)', () => {
  it.each([
    [{ effectiveType: '4g', downlink: 10 }, 'excellent'],
    [{ effectiveType: '4g', downlink: 5 }, 'good'],
    [{ effectiveType: '4g' }, 'good'],
    [{ effectiveType: '3g', downlink: 3 }, 'good'],
    [{ effectiveType: '3g', downlink: 1 }, 'fair'],
    [{ effectiveType: '3g' }, 'fair'],
    [{ downlink: 0.6 }, 'fair'],
    [{ effectiveType: '2g', downlink: 0.1 }, 'poor'],
    [{ effectiveType: 'slow-2g' }, 'poor'],
    [{ effectiveType: 'wifi-ish', downlink: 0.2 }, 'fair'],
  ])('%j is %s', (info, expected) => expect(connectionQuality(true, info)).toBe(expected));

  it('is good with no connection information and offline when offline', () => {
    expect(connectionQuality(true, undefined)).toBe('good');
    expect(connectionQuality(true, {})).toBe('good');
    expect(connectionQuality(false, { effectiveType: '4g', downlink: 10 })).toBe('offline');
  });
});
