/**
 * Test data the browser tests make inside the app they drive (server/src/testing/e2e-factories.ts),
 * for setup that the API would make slow: the real creation cooldown is a minute per POG. What a test
 * is about still goes through the browser, as a player would.
 */
import type { BrowserContext } from 'playwright-core';
import type { Pog } from '@pog/common';
import type { FactoryRequest } from '../../server/src/testing/e2e-factories';
import type { E2E } from './harness';

type GivenPog = NonNullable<Extract<FactoryRequest, { factory: 'givePog' }>['pog']>;

/**
 * Another POG for a player who has one already, inserted directly (scored, owned and created by
 * them), without waiting out the creation cooldown; read back through the API as `context` sees it.
 */
export async function giveAnotherPog(e2e: E2E, context: BrowserContext, userId: number, pog: GivenPog): Promise<Pog> {
  const id = await e2e.app.factory({ factory: 'givePog', userId, pog });
  const response = await context.request.get(`/api/pogs/${id}`);
  if (response.status() !== 200) throw new Error(`Reading the given POG ${id}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as Pog;
}
