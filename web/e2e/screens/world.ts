/**
 * The world every screen sweep (./*.test.ts) starts from, built through the API in the file's own
 * app: something on every screen, for a visitor, a player and an admin.
 */
import type { BrowserContext, BrowserContextOptions } from 'playwright-core';
import type { Battle, Pog, User } from '@pog/common';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT } from '../audit';
import { E2E_ADMIN_PASSWORD, type E2E } from '../harness';

export const PASSWORD = 'secret123';

export interface Size {
  name: 'desktop' | 'phone';
  options: BrowserContextOptions;
}

export const DESKTOP: Size = { name: 'desktop', options: { viewport: DESKTOP_VIEWPORT } };
export const PHONE: Size = { name: 'phone', options: { viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true } };
export const SIZES: readonly Size[] = [DESKTOP, PHONE];

export interface World {
  sweeper: User;
  rival: User;
  /** A completed battle between two other players: public record, so anyone may open it. */
  finishedBattle: Battle;
}

export async function post<T>(context: BrowserContext, path: string, data?: unknown): Promise<T> {
  const response = await context.request.post(path, { data });
  if (response.status() >= 300) throw new Error(`POST ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function player(e2e: E2E, username: string, pog: Record<string, string>): Promise<{ context: BrowserContext; user: User; pog: Pog }> {
  const context = await e2e.newContext();
  const user = await post<User>(context, '/api/register', { username, password: PASSWORD });
  return { context, user, pog: await post<Pog>(context, '/api/pogs', { userId: user.id, ...pog }) };
}

/**
 * A world with something on every screen: a pending trade offer and a pending challenge for the
 * player, a declined battle in their history, a completed battle to open, and a flagged POG.
 */
export async function buildWorld(e2e: E2E): Promise<World> {
  const [sweeper, rival, champ, duelist, rowdy] = await Promise.all([
    player(e2e, 'sweeper', { name: 'Sweep Disc', textContent: 'SWEEP', backgroundColor1: '#0EA5E9', backgroundColor2: '#1E3A8A' }),
    player(e2e, 'rival', { name: 'Rival Disc', textContent: 'RIVAL', backgroundColor1: '#F97316', backgroundColor2: '#7F1D1D' }),
    player(e2e, 'champ', { name: 'Champ Disc', textContent: 'CHAMP' }),
    player(e2e, 'duelist', { name: 'Duel Disc', textContent: 'DUEL' }),
    // Blocklisted text: the worker flags it for the admin queue.
    player(e2e, 'rowdy', { name: 'Sh1t happens', textContent: 'OOPS' }),
  ]);
  await post(rival.context, '/api/trades', { fromUserId: rival.user.id, toUserId: sweeper.user.id, offerPogId: rival.pog.id, requestPogId: sweeper.pog.id });
  await post(rival.context, '/api/battles', { challengerId: rival.user.id, defenderId: sweeper.user.id, challengerPogId: rival.pog.id, battleType: 'standard' });
  const declined = await post<Battle>(champ.context, '/api/battles', { challengerId: champ.user.id, defenderId: sweeper.user.id, challengerPogId: champ.pog.id, battleType: 'flip' });
  await post(sweeper.context, `/api/battles/${declined.id}/decline`);
  const fought = await post<Battle>(champ.context, '/api/battles', { challengerId: champ.user.id, defenderId: duelist.user.id, challengerPogId: champ.pog.id, battleType: 'championship' });
  await post(duelist.context, `/api/battles/${fought.id}/accept`, { defenderPogId: duelist.pog.id });
  const finishedBattle = await post<Battle>(champ.context, `/api/battles/${fought.id}/complete`);

  await post(rowdy.context, '/api/admin/auth', { password: E2E_ADMIN_PASSWORD });
  const flagged = async () => ((await (await rowdy.context.request.get('/api/admin/pogs/flagged')).json()) as unknown[]).length > 0;
  for (let attempt = 0; !(await flagged()); attempt += 1) {
    if (attempt === 120) throw new Error('The worker never flagged the blocklisted POG');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await Promise.all([sweeper, rival, champ, duelist, rowdy].map(({ context }) => context.close()));
  return { sweeper: sweeper.user, rival: rival.user, finishedBattle };
}
