/**
 * The leaderboard in the browser (reached from the header, updated live when a trade
 * completes, with the player's own rank) and a counter-offer round trip between two players.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Pog } from '@pog/common';
import { giveAnotherPog } from './factories';
import { hasChromium, playerWithPog, snapshot, useE2E } from './harness';

/** Offers `offerPogId` for `requestPogId` through the API, as `from`; returns the trade id. */
async function offerThroughApi(from: BrowserContext, fromUserId: number, toUserId: number, offerPogId: number, requestPogId: number): Promise<number> {
  const res = await from.request.post('/api/trades', { data: { fromUserId, toUserId, offerPogId, requestPogId } });
  if (res.status() !== 201) throw new Error(`offer: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

/** Waits until the POG has its points (the in-process scorer runs just after creation). */
async function scored(context: BrowserContext, pogId: number): Promise<void> {
  await expect.poll(async () => ((await (await context.request.get(`/api/pogs/${pogId}`)).json()) as Pog).points, { timeout: 20_000 }).not.toBeNull();
}

const ownRank = (page: Page) => page.getByRole('status').filter({ hasText: /^(Your rank|You are not on this board)/ });

describe.skipIf(!hasChromium())('leaderboards and counter-offers [needs Chromium]', () => {
  const e2e = useE2E();

  it('shows the boards from the header link, with the own rank, and updates live when a trade completes', async () => {
    const annaContext = await e2e.newContext();
    const benContext = await e2e.newContext();
    const [anna, ben] = await Promise.all([
      playerWithPog(annaContext, 'annaladder', { name: 'Summit Disc', textContent: 'TOP', backgroundColor1: '#22C55E', backgroundColor2: '#14532D' }),
      playerWithPog(benContext, 'benladder', { name: 'Valley Disc', textContent: 'LOW', backgroundColor1: '#A855F7', backgroundColor2: '#312E81' }),
    ]);
    await Promise.all([scored(annaContext, anna.pog.id), scored(benContext, ben.pog.id)]);

    const page = await annaContext.newPage();
    await page.goto('/explore');
    await page.getByRole('link', { name: 'Leaderboard' }).first().click();
    await page.waitForURL(/\/leaderboard/);
    await page.getByRole('heading', { name: 'Leaderboard', level: 1 }).waitFor();
    expect(await page.title()).toMatch(/^Leaderboard/);
    // Collection value, all time: both players, and Anna's own rank.
    const table = page.getByRole('table');
    await table.getByRole('cell', { name: 'annaladder' }).waitFor();
    await table.getByRole('cell', { name: 'benladder' }).waitFor();
    await expect.poll(async () => ownRank(page).textContent()).toMatch(/^Your rank: #[12] \(points held: [\d,]+\)$/);
    await snapshot(page, 'leaderboard-value');

    // Trades: nobody yet; then a trade completes elsewhere and the board updates without a reload.
    await page.getByRole('tab', { name: 'Trades' }).click();
    await page.getByText('No trades completed yet.').waitFor();
    await expect.poll(async () => ownRank(page).textContent()).toBe('You are not on this board yet.');
    const tradeId = await offerThroughApi(annaContext, anna.userId, ben.userId, anna.pog.id, ben.pog.id);
    const accepted = await benContext.request.patch(`/api/trades/${tradeId}/status`, { data: { status: 'accepted' } });
    expect(accepted.status()).toBe(200);
    await table.getByRole('cell', { name: 'annaladder' }).waitFor();
    await expect.poll(async () => ownRank(page).textContent()).toMatch(/^Your rank: #[12] \(trades completed: 1\)$/);
    const rows = await table.getByRole('row').allTextContents();
    // No battle yet: the last battle's column says so.
    expect(rows.slice(1).map((row) => row.replace(/\s+/g, ' '))).toEqual([expect.stringMatching(/^1.*ladder.*1\s*None yet$/), expect.stringMatching(/^2.*ladder.*1\s*None yet$/)]);

    // This week has the trade too; the period is part of the address.
    await page.getByRole('button', { name: 'This week' }).click();
    await page.waitForURL(/period=week/);
    // The all-time board's rows are still there while the week's load: wait for the week's board.
    await page.getByRole('button', { name: 'This week', pressed: true }).waitFor();
    await table.getByRole('cell', { name: 'benladder' }).waitFor();
    expect(await page.getByRole('button', { name: 'This week' }).getAttribute('aria-pressed')).toBe('true');
    // Signed out, the board shows without an own rank.
    const visitor = await (await e2e.newContext()).newPage();
    await visitor.goto('/leaderboard?board=trades&period=all');
    await visitor.getByRole('table').getByRole('cell', { name: 'annaladder' }).waitFor();
    expect(await ownRank(visitor).count()).toBe(0);
  }, 120_000);

  it('counters an offer: the sender sees the counter live with the earlier offer, and accepts it', async () => {
    const carlaContext = await e2e.newContext();
    const dirkContext = await e2e.newContext();
    const [carla, dirk] = await Promise.all([
      playerWithPog(carlaContext, 'carlacounter', { name: 'Amber Disc', textContent: 'AMB', backgroundColor1: '#F59E0B', backgroundColor2: '#78350F' }),
      playerWithPog(dirkContext, 'dirkcounter', { name: 'Frost Disc', textContent: 'ICE', backgroundColor1: '#38BDF8', backgroundColor2: '#0C4A6E' }),
    ]);
    // Dirk's second POG is handed to him in the app's database: creating it waits out the creation cooldown.
    const dirkSecond = await giveAnotherPog(e2e, dirkContext, dirk.userId, { name: 'Ember Disc', textContent: 'EMB', backgroundColor1: '#EF4444', backgroundColor2: '#450A0A' });

    // Carla offers Amber for Frost and watches her Trade Center.
    const carlaPage = await carlaContext.newPage();
    await carlaPage.goto('/trade');
    await carlaPage.getByText('No pending trades').waitFor();
    await offerThroughApi(carlaContext, carla.userId, dirk.userId, carla.pog.id, dirk.pog.id);
    await carlaPage.getByRole('article', { name: 'Offer to dirkcounter' }).waitFor();

    // Dirk counters: he keeps Amber as what he wants, and gives Ember instead of Frost.
    const dirkPage = await dirkContext.newPage();
    await dirkPage.goto('/trade');
    const offer = dirkPage.getByRole('article', { name: 'Offer from carlacounter' });
    await offer.getByRole('button', { name: 'Counter' }).click();
    const dialog = dirkPage.getByRole('dialog', { name: 'Counter-offer' });
    const send = dialog.getByRole('button', { name: 'Send Counter-Offer' });
    await dialog.getByText('Change at least one POG, or accept the offer as it is.').waitFor();
    expect(await send.isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Give Frost Disc' }).getAttribute('aria-pressed')).toBe('true');
    expect(await dialog.getByRole('button', { name: 'Want Amber Disc' }).getAttribute('aria-pressed')).toBe('true');
    await dialog.getByRole('button', { name: 'Give Ember Disc' }).click();
    expect(await send.isDisabled()).toBe(false);
    await snapshot(dirkPage, 'counter-dialog');
    await send.click();
    await dirkPage.getByText('Counter-offer sent', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await dirkPage.getByRole('article', { name: 'Offer to carlacounter' }).waitFor();

    // Carla sees it arrive without a reload: the round, and the earlier offer.
    const counter = carlaPage.getByRole('article', { name: 'Offer from dirkcounter' });
    await counter.waitFor();
    await counter.getByText('Counter-offer, round 2').waitFor();
    await counter.getByText('Earlier offer (1)').click();
    await counter.getByText('carlacounter offered Amber Disc for Frost Disc').waitFor();
    expect(await carlaPage.getByRole('article', { name: 'Offer to dirkcounter' }).count()).toBe(0);
    await snapshot(carlaPage, 'counter-received');
    await counter.getByRole('button', { name: 'Accept' }).click();
    // A last look before the trade is final: both POGs, what is given and what is got.
    const confirm = carlaPage.getByRole('dialog', { name: 'Accept this trade?' });
    await confirm.getByText(/^You give .+ and get .+ from /).waitFor();
    await confirm.getByRole('button', { name: 'Accept Trade' }).click();
    await carlaPage.getByRole('tab', { name: 'History' }).click();
    await carlaPage.getByText('Accepted', { exact: true }).waitFor();
    await carlaPage.getByText('Countered', { exact: true }).waitFor();

    const owner = async (id: number) => ((await (await carlaContext.request.get(`/api/pogs/${id}`)).json()) as Pog).userId;
    expect(await owner(dirkSecond.id)).toBe(carla.userId);
    expect(await owner(carla.pog.id)).toBe(dirk.userId);
    expect(await owner(dirk.pog.id)).toBe(dirk.userId);
  }, 120_000);
});
