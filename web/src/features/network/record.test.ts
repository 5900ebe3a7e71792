import { describe, expect, it } from 'vitest';
import { bannerFor, networkRecord } from './record';

describe('network record and banner', () => {
  it('is online and good without connection information', () => {
    const record = networkRecord(true, undefined);
    expect(record).toMatchObject({ online: true, quality: 'good', saveData: false });
    expect(bannerFor(record)).toBeNull();
  });

  it('shows the offline banner first, whatever else is true', () => {
    expect(bannerFor(networkRecord(false, { effectiveType: '2g', saveData: true }))).toBe('offline');
  });

  it('shows the poor connection banner on 2g', () => {
    const record = networkRecord(true, { effectiveType: 'slow-2g', downlink: 0.1, rtt: 2000 });
    expect(record.quality).toBe('poor');
    expect(bannerFor(record)).toBe('poor');
  });

  it('shows the data saver banner on a fine connection with save-data on', () => {
    expect(bannerFor(networkRecord(true, { effectiveType: '4g', downlink: 10, saveData: true }))).toBe('saveData');
  });
});
