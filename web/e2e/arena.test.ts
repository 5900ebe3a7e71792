/**
 * The weekly arena in the browser: after a battle, its winner opens the Leaderboard's Weekly arena
 * tab and sees the time left and their own place with 2 points; the arena's and the leaderboard's
 * rows link to the player's last battle's public page.
 */
import { describe, expect, it } from 'vitest';
import { hasChromium, playerWithPog, snapshot, useE2E } from './harness';

describe.skipIf(!hasChromium())('the weekly arena [needs Chromium]', () => {
  const e2e = useE2E();

  it('shows the board with the own place after a battle', async () => {
    const annaContext = await e2e.newContext();
    const benContext = await e2e.newContext();
    const [anna, ben] = await Promise.all([
      playerWithPog(annaContext, 'annaarena', { name: 'Arena Gold', textContent: 'GLD', backgroundColor1: '#EAB308', backgroundColor2: '#713F12' }),
      playerWithPog(benContext, 'benarena', { name: 'Arena Iron', textContent: 'IRN', backgroundColor1: '#64748B', backgroundColor2: '#1E293B' }),
    ]);
    const created = await annaContext.request.post('/api/battles', { data: { challengerId: anna.userId, defenderId: ben.userId, challengerPogId: anna.pog.id, battleType: 'standard' } });
    expect(created.status(), await created.text()).toBe(201);
    const battleId = ((await created.json()) as { id: number }).id;
    expect((await benContext.request.post(`/api/battles/${battleId}/accept`, { data: { defenderPogId: ben.pog.id } })).status()).toBe(200);
    const done = await annaContext.request.post(`/api/battles/${battleId}/complete`, { data: {} });
    expect(done.status(), await done.text()).toBe(200);
    const winnerId = ((await done.json()) as { winnerId: number }).winnerId;
    const [winnerContext, winnerName] = winnerId === anna.userId ? [annaContext, 'annaarena'] : [benContext, 'benarena'];

    const page = await winnerContext.newPage();
    await page.goto('/leaderboard');
    await page.getByRole('tab', { name: 'Weekly arena' }).click();
    await page.waitForURL(/board=arena/);
    await page.getByText(/^\d d \d{1,2} h left$/).waitFor();
    const own = page.getByRole('status').filter({ hasText: /^Your place: #/ });
    await expect.poll(async () => own.textContent()).toMatch(/^Your place: #\d+ \(arena points: 2\)$/);
    const row = page.getByRole('table', { name: /^Arena, week of / }).getByRole('row').filter({ hasText: winnerName });
    await row.waitFor();
    expect(await row.getAttribute('aria-current')).toBe('true');
    expect((await row.textContent())?.replace(/\s+/g, ' ')).toMatch(/1 of 1\s*2\s*Watch$/);
    await snapshot(page, 'arena-board');

    // The row's last battle leads to its public page, from the arena and from the leaderboard.
    await row.getByRole('link', { name: `Watch ${winnerName}'s last battle` }).click();
    await page.waitForURL(`**/battles/${battleId}`);
    await page.goto('/leaderboard');
    const listed = page.getByRole('table').getByRole('row').filter({ hasText: winnerName });
    await listed.getByRole('link', { name: `Watch ${winnerName}'s last battle` }).click();
    await page.waitForURL(`**/battles/${battleId}`);
  }, 120_000);
});
