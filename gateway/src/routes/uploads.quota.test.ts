/** Each player's hourly allowance of uploads (UPLOADS_PER_HOUR), counted in Redis when there is one. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomColour, solidPng } from '@pog/domain/testing/images';
import { createPlayer } from '../testing/factories';
import { setupTitle, TEST_SETUPS } from '../testing/databases';
import { startTestApp, type TestApp } from '../testing/test-app';

/** A small picture, of a colour of its own. */
const picture = () => solidPng(64, randomColour(Math.random));

describe.each(TEST_SETUPS)('the hourly upload allowance', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ backend: setup.backend, env: { ...setup.env, UPLOADS_PER_HOUR: '3' } });
    });
    afterAll(async () => {
      await app?.close();
    });
    const incomingFiles = () => readdirSync(path.join(app.runtime.config.uploadDir, 'incoming'));

    it('lets a player start UPLOADS_PER_HOUR uploads an hour, then answers 429 with Retry-After', async () => {
      const player = await createPlayer(app);
      for (let i = 0; i < 3; i++) expect((await player.client.upload(await picture())).status, `upload ${i + 1}`).toBe(201);
      const refused = await player.client.upload(await picture());
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(/^You can upload at most 3 images an hour\. Please try again in \d+ minutes?\.$/) });
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(incomingFiles()).toEqual([]);
      // Another player is not held back.
      const other = await createPlayer(app);
      expect((await other.client.upload(await picture())).status).toBe(201);
    });
  });
});
