/**
 * A battle's public read (its watch page): anyone, signed out included, sees it pending, accepted
 * and completed, with the seed's commitment from the start and the players' seeds once given, but
 * the server's seed only once the battle is completed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedHashOf, type Battle } from '@pog/common';
import { ApiClient } from '../testing/api-client';
import { createPlayer, givePog } from '../testing/factories';
import { setupTitle, TEST_SETUPS } from '../testing/databases';
import { startTestApp, type TestApp } from '../testing/test-app';

describe.each(TEST_SETUPS)('a battle anyone can watch', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ backend: setup.backend, env: setup.env });
    });
    afterAll(async () => {
      await app?.close();
    });

    it('shows an open battle to a visitor without its server seed, and the seed once completed', async () => {
      const db = app.runtime.db;
      const [a, b, outsider] = [await createPlayer(app, 'pw'), await createPlayer(app, 'pw'), await createPlayer(app, 'pw')];
      const visitor = new ApiClient(app.url);
      const aPog = await givePog(db, a.id, { name: 'Red Comet' });
      const bPog = await givePog(db, b.id, { name: 'Blue Moon' });
      const created = await a.client.post('/api/battles', { challengerId: a.id, defenderId: b.id, challengerPogId: aPog, battleType: 'standard', challengerSeed: 'challenger-seed-1' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = (created.body as Battle).id;
      const read = async (client: ApiClient) => {
        const res = await client.get(`/api/battles/${id}/public`);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body as Battle;
      };

      const pending = await read(visitor);
      expect(pending).toMatchObject({
        id,
        status: 'pending',
        challenger: { id: a.id, username: a.username },
        defender: { id: b.id, username: b.username },
        challengerPog: { id: aPog, name: 'Red Comet' },
        defenderPog: null,
        seedHash: (created.body as Battle).seedHash,
        seed: null,
        challengerSeed: 'challenger-seed-1',
        defenderSeed: null,
      });
      expect(await read(outsider.client)).toEqual(pending);
      // The players' own read stays theirs: the public page is the way in for everyone else.
      expect((await outsider.client.get(`/api/battles/${id}`)).status).toBe(404);

      expect((await b.client.post(`/api/battles/${id}/accept`, { defenderPogId: bPog, defenderSeed: 'defender-seed-1' })).status).toBe(200);
      const accepted = await read(visitor);
      expect(accepted).toMatchObject({ status: 'accepted', defenderPog: { id: bPog, name: 'Blue Moon' }, defenderSeed: 'defender-seed-1', seed: null });
      // Nothing in the answer is the seed behind the commitment.
      expect(JSON.stringify(accepted)).not.toMatch(/"seed":"/);

      const completed = await a.client.post(`/api/battles/${id}/complete`);
      expect(completed.status, JSON.stringify(completed.body)).toBe(200);
      const after = await read(visitor);
      expect(after).toMatchObject({ status: 'completed', winnerId: (completed.body as Battle).winnerId, challengerRoll: expect.any(Number), defenderRoll: expect.any(Number) });
      expect(after.seed).toEqual(expect.any(String));
      expect(await seedHashOf(after.seed!)).toBe(after.seedHash);
      expect((await visitor.get(`/api/battles/${id}/reveal`)).body).toMatchObject({ id, seed: after.seed });
    });

    it('answers 404 for a battle that does not exist and 400 for a bad id', async () => {
      const visitor = new ApiClient(app.url);
      expect((await visitor.get('/api/battles/999999999/public')).status).toBe(404);
      expect((await visitor.get('/api/battles/abc/public')).body).toMatchObject({ code: 'VALIDATION_ERROR' });
    });
  });
});
