/**
 * Battles end to end with two players in two browsers: a challenge with the challenger's own seed
 * that arrives without a reload, its seed hash on both cards (and copied), an accept with a chosen
 * POG and the defender's seed, the flip, both players watching the rolls, the prize POG moving
 * between the live collections, the browser's own Verify of the revealed seed, and the public verify
 * page, whose rolls this file recomputes with node:crypto from the page's own text.
 */
import { createHmac } from 'node:crypto';
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

/** One roll as the verify page shows it. */
interface ShownRoll {
  round: number;
  side: 'challenger' | 'defender';
  base: number;
  total: number;
}

/**
 * Reads the verify page as a person would (its text only) and redoes every roll OUTSIDE the app,
 * with node:crypto, from exactly what it shows: the server seed decoded as the page says the key is,
 * the message format with the players' seeds and the battle id put in, and the bonuses it lists.
 * Returns the rolls the page shows, each checked against the one computed here.
 */
async function recomputeVerifyPage(page: Page, names: { challenger: string; defender: string }): Promise<ShownRoll[]> {
  const text = async (testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').trim();
  expect(await text('verify-key-encoding')).toBe('HMAC key: the server seed decoded from its 64 hexadecimal characters to 32 bytes (not the 64-character text).');
  const seed = await text('verify-seed');
  expect(seed).toMatch(/^[0-9a-f]{64}$/);
  const key = Buffer.from(seed, 'hex');
  expect(key.length).toBe(32);
  const fill = {
    '<challenger seed>': await text('verify-challenger-seed'),
    '<defender seed>': await text('verify-defender-seed'),
    '<battle id>': await text('verify-battle-id'),
  };
  const format = await text('verify-message-format');
  expect(format).toBe('<challenger seed>:<defender seed>:<battle id>:<round>:<side>:<k>');
  const message = (round: number, side: string, k: number) =>
    Object.entries({ ...fill, '<round>': String(round), '<side>': side, '<k>': String(k) }).reduce((m, [slot, value]) => m.replace(slot, value), format);
  const baseRoll = (round: number, side: string) => {
    for (let k = 0; ; k++) {
      const x = createHmac('sha256', key).update(message(round, side, k), 'utf8').digest().readUInt32BE(0);
      if (x < 4294967200) return 1 + (x % 100);
    }
  };
  // "ringo: common +0; rocky: rare +2"
  const bonuses = await text('verify-bonuses');
  const bonusOf = (name: string) => Number(new RegExp(`${name}: \\w+ \\+(\\d+)`).exec(bonuses)?.[1]);

  const shown: ShownRoll[] = [];
  for (const item of await page.getByRole('list', { name: 'Recomputed rolls' }).getByRole('listitem').all()) {
    const heading = (await item.locator('strong').first().textContent()) ?? '';
    const [, round, side] = /^Round (\d+) · \S+ \((challenger|defender)\)$/.exec(heading) ?? [];
    const totalText = (await item.getByTestId('roll-total').textContent()) ?? '';
    const [, base, bonus, , total] = /^Total: (\d+) \+ (\d+) \((\w+) bonus\) = (\d+)$/.exec(totalText) ?? [];
    const roll: ShownRoll = { round: Number(round), side: side as ShownRoll['side'], base: Number(base), total: Number(total) };
    const expectedBase = baseRoll(roll.round, roll.side);
    const expectedBonus = bonusOf(names[roll.side]);
    expect({ heading, base: roll.base, bonus: Number(bonus), total: roll.total }).toEqual({ heading, base: expectedBase, bonus: expectedBonus, total: expectedBase + expectedBonus });
    shown.push(roll);
  }
  expect(shown.length).toBeGreaterThanOrEqual(2);
  return shown;
}
const pogCard = (page: Page | Locator, name: string) => page.getByRole('article', { name, exact: true });

describe.skipIf(!hasChromium())('battles in a browser [needs Chromium]', () => {
  const e2e = useE2E();

  it('challenges, arrives live, is accepted with a POG, flips for both players, moves the prize live and verifies', async () => {
    // Both watch the real reveal, in motion (the harness's contexts otherwise ask for reduced motion).
    const ringoContext = await e2e.newContext({ reducedMotion: 'no-preference' });
    const rockyContext = await e2e.newContext({ reducedMotion: 'no-preference', permissions: ['clipboard-read', 'clipboard-write'] });
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
    // His own seed: the browser proposes a random one, and he writes his own instead.
    const ringoSeed = ringoArena.getByRole('textbox', { name: 'Your seed' });
    expect(await ringoSeed.inputValue()).toMatch(/^[0-9a-f]{32}$/);
    await ringoSeed.fill('ringo-Lucky_7');
    await send.click();
    await ringoArena.getByText('Challenge Sent!').waitFor();
    await ringoArena.getByRole('tab', { name: /My Battles/, selected: true }).waitFor();
    await battleCard(ringoArena).getByRole('button', { name: 'Cancel' }).waitFor();
    // The pending card shows the commitment with a copy button, and his seed.
    const sent = (await (await ringoContext.request.get(`/api/battles/pending/${ringo.user.id}`)).json()) as Battle[];
    expect(sent[0]).toMatchObject({ challengerSeed: 'ringo-Lucky_7', seed: null });
    const seedHash = sent[0]!.seedHash;
    expect(await battleCard(ringoArena).getByTestId('card-seed-hash').textContent()).toBe(seedHash);
    await battleCard(ringoArena).getByRole('button', { name: `Copy the server seed hash of battle ${sent[0]!.id}` }).waitFor();
    expect(await battleCard(ringoArena).getByTestId('card-challenger-seed').textContent()).toBe('ringo-Lucky_7');
    // Ember is now committed: the form offers it no more, and says why.
    await ringoArena.getByRole('tab', { name: 'Challenge' }).click();
    expect(await ringoArena.getByRole('radio', { name: 'Ember' }).isDisabled()).toBe(true);
    await ringoArena.getByText('Already risked in another open battle').waitFor();
    await ringoArena.getByRole('tab', { name: /My Battles/ }).click();

    // It reaches Rocky without a reload; he accepts with Tide (the button waits for the choice).
    const challenge = battleCard(rockyArena);
    await challenge.waitFor();
    expect(await challenge.getByRole('button', { name: 'Flip and Battle' }).count()).toBe(0);
    // Rocky notes the commitment before anything is decided: shown on his card, and copied.
    expect(await challenge.getByTestId('card-seed-hash').textContent()).toBe(seedHash);
    await challenge.getByRole('button', { name: /^Copy the server seed hash/ }).click();
    await challenge.getByRole('button', { name: /^Copy the server seed hash/ }).getByText('Copied').waitFor();
    expect(await rockyArena.evaluate(() => navigator.clipboard.readText())).toBe(seedHash);
    await snapshot(rockyArena, 'battles-pending-commitment');
    await challenge.getByRole('button', { name: 'Accept' }).click();
    const acceptDialog = rockyArena.getByRole('dialog', { name: 'Accept the challenge' });
    const accept = acceptDialog.getByRole('button', { name: 'Accept Battle' });
    expect(await accept.isDisabled()).toBe(true);
    await acceptDialog.getByRole('radio', { name: 'Tide' }).check();
    const rockySeed = acceptDialog.getByRole('textbox', { name: 'Your seed' });
    expect(await rockySeed.inputValue()).toMatch(/^[0-9a-f]{32}$/);
    await rockySeed.fill('rocky seed');
    expect(await accept.isDisabled()).toBe(true);
    await rockySeed.fill('rocky_42');
    await accept.click();
    await rockyArena.getByText('Battle Accepted!').waitFor();
    expect(await battleCard(rockyArena).getByTestId('card-defender-seed').textContent()).toBe('rocky_42');
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
    // The accepted card still shows the same commitment, now with both seeds.
    expect(await ringoBattle.getByTestId('card-seed-hash').textContent()).toBe(seedHash);
    await ringoBattle.getByTestId('card-defender-seed').getByText('rocky_42').waitFor();
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
    expect(result).toMatchObject({ seedHash, challengerSeed: 'ringo-Lucky_7', defenderSeed: 'rocky_42' });

    // The verify page, linked from Details and open to anyone: its rolls, redone here with
    // node:crypto from nothing but its text, are the page's and the server's.
    const verifyPage = await ringoContext.newPage();
    await verifyPage.goto(`/battle?battle=${battleId}`);
    await verifyPage.getByRole('dialog', { name: `Battle #${battleId}` }).getByRole('link', { name: 'Open the verify page' }).click();
    await verifyPage.waitForURL(new RegExp(`/battle/${battleId}/verify$`));
    await verifyPage.getByTestId('verify-verdict').getByText('Verified: the revealed seed matches its hash and produces exactly these rolls.').waitFor();
    const visitor = await e2e.newPage();
    await visitor.goto(`/battle/${battleId}/verify`);
    await visitor.getByRole('heading', { name: `Verify battle #${battleId}` }).waitFor();
    await visitor.getByTestId('verify-verdict').getByText(/^Verified/).waitFor();
    expect(await visitor.getByTestId('verify-seed-hash').textContent()).toBe(seedHash);
    await snapshot(visitor, 'battles-verify-page');
    for (const page of [verifyPage, visitor]) {
      const shown = await recomputeVerifyPage(page, { challenger: 'ringo', defender: 'rocky' });
      const recorded = result.rounds!.flatMap((r) => [
        { round: r.round, side: 'challenger', base: r.challengerBase, total: r.challengerBase + r.challengerBonus },
        { round: r.round, side: 'defender', base: r.defenderBase, total: r.defenderBase + r.defenderBonus },
      ]);
      expect(shown).toEqual(recorded);
    }
    await verifyPage.close();

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
