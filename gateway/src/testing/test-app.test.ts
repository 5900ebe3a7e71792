import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startTestApp } from './test-app';

describe('the test app', () => {
  it('removes its data folder when it closes', async () => {
    const app = await startTestApp();
    const { dataDir } = app.runtime.config;
    expect(existsSync(dataDir)).toBe(true);
    await app.close();
    expect(existsSync(dataDir)).toBe(false);
  });
});
