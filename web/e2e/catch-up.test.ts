/**
 * A page left open through a lost connection: the player's network drops (a relay between the
 * browser and the app is cut), another player sends them a trade offer meanwhile, and when the
 * network returns the open Trade Center shows the offer without a reload, from where the page left off.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, playerWithPog, useE2E, waitUntilLive } from './harness';

/** A TCP relay to the app that a test can cut (every connection dropped, new ones refused) and restore. */
async function cuttableRelay(target: URL): Promise<{ url: string; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  const cut = async () => {
    // close() stops new connections and calls back only once the open ones are gone: end them too.
    const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    for (const s of sockets) s.destroy();
    await closed;
    server = undefined;
  };
  await listen();
  return { url: `http://127.0.0.1:${port}`, cut, restore: listen, close: cut };
}

const offerCard = (page: Page, from: string) => page.locator(`[aria-label="Offer from ${from}"]`);

describe.skipIf(!hasChromium())('a page through a lost connection [needs Chromium]', () => {
  const e2e = useE2E();

  it('shows the trade offered while it was disconnected, without a reload, once the network is back', async () => {
    const relay = await cuttableRelay(new URL(e2e.app.url));
    try {
      const bobContext = await e2e.newContext({ baseURL: relay.url });
      const aliceContext = await e2e.newContext();
      const [alice, bob] = await Promise.all([
        playerWithPog(aliceContext, 'alicewhileaway', { name: 'Away Ember', textContent: 'AWAY', backgroundColor1: '#F97316', backgroundColor2: '#7F1D1D' }),
        playerWithPog(bobContext, 'bobwhileaway', { name: 'Away Tide', textContent: 'TIDE', backgroundColor1: '#06B6D4', backgroundColor2: '#1E3A8A' }),
      ]);

      const page = await bobContext.newPage();
      await page.goto('/trade');
      await page.getByText('No pending trades').waitFor();
      await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
      // The page is live before the network goes. (A connection first opened after the cut would,
      // rightly, read the page again: its data may be older than the position it resumes from.)
      await waitUntilLive(page);

      // The network goes; the page's live connection with it.
      await relay.cut();
      const offered = await aliceContext.request.post('/api/trades', {
        data: { fromUserId: alice.userId, toUserId: bob.userId, offerPogId: alice.pog.id, requestPogId: bob.pog.id },
      });
      expect(offered.status()).toBe(201);
      await page.waitForTimeout(2_000);
      expect(await offerCard(page, 'alicewhileaway').count()).toBe(0);

      // The network returns: the page catches up on its own, from the events it missed (no refetch:
      // refetching is only the fallback for a gap older than the server keeps).
      const refetches: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/trades')) refetches.push(request.url());
      });
      const back = Date.now();
      await relay.restore();
      await offerCard(page, 'alicewhileaway').waitFor({ timeout: 10_000 });
      expect(refetches).toEqual([]);
      console.log(`[catch-up] the offer appeared ${Date.now() - back} ms after the connection came back`);
      expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
      expect(await offerCard(page, 'alicewhileaway').getByText('Away Ember').count()).toBeGreaterThan(0);
    } finally {
      await relay.close();
    }
  });
});
