/**
 * Battles end to end with two players in two browsers: a challenge that arrives without a reload,
 * an accept with a chosen POG, the flip, both players watching the rolls, the prize POG moving
 * between the live collections, and the browser's own Verify of the revealed seed.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Battle, Pog, User } from '@pog/common';
import { hasChromium, snapshot, useE2E } from './harness';

/** A player signed up through the API with one POG (a player's first creation has no cooldown). */
async function playerWithPog(context: BrowserContext, username: string, design: Record<string, string>): Promise<{ user: User; pog: Pog }> {
  const registered = await context.request.post('/api/register', { data: { username, password: 'secret123' } });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  const user = (await registered.json()) as User;
  const created = await context.request.post('/api/pogs', { data: { userId: user.id, ...design } });
  expect(created.status(), await created.text()).toBe(201);
  return { user, pog: (await created.json()) as Pog };
}

const battleCard = (page: Page) => page.getByRole('article', { name: 'Battle between ringo and rocky' });
const pogCard = (page: Page | Locator, name: string) => page.getByRole('article', { name, exact: true });

describe.skipIf(!hasChromium())('battles in a browser [needs Chromium]', () => {
  const e2e = useE2E();

  it('challenges, arrives live, is accepted with a POG, flips for both players, moves the prize live and verifies', async () => {
    // Both watch the real reveal, in motion (the harness's contexts otherwise ask for reduced motion).
    const ringoContext = await e2e.newContext({ reducedMotion: 'no-preference' });
    const rockyContext = await e2e.newContext({ reducedMotion: 'no-preference' });
    const [ringo, rocky] = await Promise.all([
      playerWithPog(ringoContext, 'ringo', { name: 'Ember', textContent: 'FIRE', backgroundColor1: '#F97316', backgroundColor2: '#7F1D1D' }),
      playerWithPog(rockyContext, 'rocky', { name: 'Tide', textContent: 'WAVE', backgroundColor1: '#06B6D4', backgroundColor2: '#1E3A8A' }),
    ]);

    // Rocky waits on an empty My Battles tab; the challenge must arrive there by itself.
    const rockyArena = await rockyContext.newPage();
    await rockyArena.goto('/battle');
    await rockyArena.getByRole('tab', { name: /My Battles/ }).click();
    await rockyArena.getByText('No pending battles').waitFor();

    // Ringo arrives from a challenge link: Rocky is preselected, the submit waits for a POG.
    const ringoArena = await ringoContext.newPage();
    await ringoArena.goto(`/battle?opponent=${rocky.user.id}`);
    const opponent = ringoArena.getByLabel('Opponent');
    await opponent.waitFor();
    expect(await opponent.inputValue()).toBe(String(rocky.user.id));
    expect(await opponent.locator('option').allTextContents()).not.toContain('ringo');
    const send = ringoArena.getByRole('button', { name: 'Send Challenge' });
    expect(await send.isDisabled()).toBe(true);
    await ringoArena.getByText('Please select both a POG and an opponent.').waitFor();
    await ringoArena.getByRole('radio', { name: 'Ember' }).check();
    await ringoArena.getByText('Roll bonus +').first().waitFor();
    await send.click();
    await ringoArena.getByText('Challenge Sent!').waitFor();
    await ringoArena.getByRole('tab', { name: /My Battles/, selected: true }).waitFor();
    await battleCard(ringoArena).getByRole('button', { name: 'Cancel' }).waitFor();
    // Ember is now committed: the form offers it no more, and says why.
    await ringoArena.getByRole('tab', { name: 'Challenge' }).click();
    expect(await ringoArena.getByRole('radio', { name: 'Ember' }).isDisabled()).toBe(true);
    await ringoArena.getByText('Already risked in another open battle').waitFor();
    await ringoArena.getByRole('tab', { name: /My Battles/ }).click();

    // It reaches Rocky without a reload; he accepts with Tide (the button waits for the choice).
    const challenge = battleCard(rockyArena);
    await challenge.waitFor();
    expect(await challenge.getByRole('button', { name: 'Flip and Battle' }).count()).toBe(0);
    await challenge.getByRole('button', { name: 'Accept' }).click();
    const acceptDialog = rockyArena.getByRole('dialog', { name: 'Accept the challenge' });
    const accept = acceptDialog.getByRole('button', { name: 'Accept Battle' });
    expect(await accept.isDisabled()).toBe(true);
    await acceptDialog.getByRole('radio', { name: 'Tide' }).check();
    await accept.click();
    await rockyArena.getByText('Battle Accepted!').waitFor();
    await snapshot(rockyArena, 'battles-accepted');

    // Both collections are open elsewhere, to watch the prize move without a reload.
    const ringoCollection = await ringoContext.newPage();
    const rockyCollection = await rockyContext.newPage();
    await Promise.all([ringoCollection.goto('/collection'), rockyCollection.goto('/collection')]);
    await pogCard(ringoCollection, 'Ember').waitFor();
    await pogCard(rockyCollection, 'Tide').waitFor();

    // Ringo sees the acceptance live, only the flip remains, and he flips.
    const ringoBattle = battleCard(ringoArena);
    const flip = ringoBattle.getByRole('button', { name: 'Flip and Battle' });
    await flip.waitFor();
    expect(await ringoBattle.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    const battleId = Number(await ringoBattle.getAttribute('data-battle-id'));
    await flip.click();

    // Both watch the rolls revealed, then the toast names the winner and both rolls.
    for (const page of [ringoArena, rockyArena]) {
      await page.getByRole('dialog', { name: 'ringo vs rocky' }).getByText(/^Round 1: ringo \d+/).waitFor();
      await page.getByText('Battle Completed!').waitFor();
    }
    const result = (await (await ringoContext.request.get(`/api/battles/${battleId}`)).json()) as Battle;
    expect(result.status).toBe('completed');
    const winner = result.winnerId === ringo.user.id ? 'ringo' : 'rocky';
    const told = `${winner} wins! ringo rolled ${result.challengerRoll}, rocky rolled ${result.defenderRoll}.`;
    await ringoArena.getByText(told).waitFor();
    await rockyArena.getByText(told).waitFor();
    await snapshot(rockyArena, 'battles-revealed');

    // The winner's collection gains the loser's POG live; the loser's loses it.
    const [winnerCollection, loserCollection] = winner === 'ringo' ? [ringoCollection, rockyCollection] : [rockyCollection, ringoCollection];
    await pogCard(winnerCollection, 'Ember').waitFor();
    await pogCard(winnerCollection, 'Tide').waitFor();
    await pogCard(loserCollection, winner === 'ringo' ? 'Tide' : 'Ember').waitFor({ state: 'detached' });

    // The record shows the seed and its hash, and Verify recomputes the rolls in the browser.
    await ringoArena.getByRole('dialog', { name: 'ringo vs rocky' }).getByRole('button', { name: 'Details and Verify' }).click();
    await ringoArena.waitForURL(new RegExp(`/battle\\?.*\\bbattle=${battleId}$`));
    const record = ringoArena.getByRole('dialog', { name: `Battle #${battleId}` });
    expect(await record.getByTestId('seed').textContent()).toBe(result.seed);
    expect(await record.getByTestId('seed-hash').textContent()).toBe(result.seedHash);
    await record.getByRole('button', { name: 'Verify' }).click();
    await record.getByText('Verified: the revealed seed matches its hash and produces exactly these rolls.').waitFor();
    await snapshot(ringoArena, 'battles-verified');

    // The history lists it for both.
    await rockyArena.keyboard.press('Escape');
    await rockyArena.getByRole('tab', { name: 'Battle History' }).click();
    await battleCard(rockyArena).getByRole('button', { name: `Details of battle ${battleId}` }).waitFor();
  });

  it('variant B sends a coin flip, and a player without POGs is told to create some', async () => {
    const context = await e2e.newContext();
    const registered = await context.request.post('/api/register', { data: { username: 'newbie', password: 'secret123' } });
    expect(registered.status()).toBeLessThan(300);
    const page = await context.newPage();
    await page.goto('/battle-refactored');
    const sections = page.getByRole('navigation', { name: 'Sections' });
    await sections.getByRole('link', { name: 'Battle Arena' }).waitFor();
    expect(await sections.getByRole('link').allTextContents()).toEqual(['Creator Studio', 'My Collection', 'Battle Arena', 'Trade Center']);
    await page.getByRole('tab', { name: 'Pending Battles', selected: true }).waitFor();
    await page.getByRole('tab', { name: 'Create Battle' }).click();
    await page.getByText('You need to create POGs first...').waitFor();

    const created = await context.request.post('/api/pogs', { data: { userId: ((await registered.json()) as User).id, name: 'Coin', textContent: 'FLIP' } });
    expect(created.status()).toBe(201);
    const other = await e2e.newContext();
    await playerWithPog(other, 'flipper', { name: 'Heads', textContent: 'H' });
    await page.reload();
    await page.getByRole('tab', { name: 'Create Battle' }).click();
    await page.getByLabel('Opponent').selectOption({ label: 'flipper' });
    await page.getByRole('radio', { name: 'Coin' }).check();
    await page.getByText('You are Heads').waitFor();
    await page.getByRole('button', { name: 'Send Challenge' }).click();
    await page.getByText('Challenge Sent!').waitFor();
    const sent = page.getByRole('article', { name: 'Battle between newbie and flipper' });
    await sent.getByText('Coin flip').waitFor();
    await sent.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Battle Cancelled').waitFor();
    await page.getByRole('tab', { name: 'Battle History' }).click();
    await page.getByRole('article', { name: 'Battle between newbie and flipper' }).getByText('Cancelled').waitFor();
  });
});
