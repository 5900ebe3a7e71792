import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client';
import { accept, challenge, createPlayer, givePog, offerTrade, signIn, TEST_PASSWORD } from './factories';
import { startTestApp, type TestApp } from './test-app';

describe('test factories', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('makes a player whose browser is signed in, and who can also sign in with the test password', async () => {
    const player = await createPlayer(app, 'f');
    const me = await player.client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: player.id, username: player.username });

    const login = await new ApiClient(app.url).post('/api/login', { username: player.username, password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.id).toBe(player.id);
  });

  it('signs a cookie only the app accepts: a forged one is no session', async () => {
    const player = await createPlayer(app, 'f');
    const forged = await signIn(app, player.id);
    forged.setCookie('pf.sid.sig', 'not-the-signature');
    expect((await forged.get('/api/user')).status).toBe(401);
    expect((await (await signIn(app, player.id)).get('/api/user')).status).toBe(200);
  });

  it('makes trades and battles the API then shows to both players', async () => {
    const [a, b] = [await createPlayer(app, 'f'), await createPlayer(app, 'f')];
    const [aPog, bPog] = [await givePog(app.runtime.db, a.id), await givePog(app.runtime.db, b.id)];
    const trade = await offerTrade(app, a.id, b.id, aPog, bPog);
    expect((await b.client.get(`/api/trades/pending/${b.id}`)).body.map((t: { id: number }) => t.id)).toContain(trade.id);

    const [cPog, dPog] = [await givePog(app.runtime.db, a.id), await givePog(app.runtime.db, b.id)];
    const battle = await challenge(app, a.id, b.id, cPog);
    expect(battle.status).toBe('pending');
    const accepted = await accept(app, battle.id, b.id, dPog);
    expect(accepted.status).toBe('accepted');
    const seen = await a.client.get(`/api/battles/pending/${a.id}`);
    expect(seen.body.map((x: { id: number }) => x.id)).toContain(battle.id);
  });
});
