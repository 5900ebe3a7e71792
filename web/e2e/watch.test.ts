/**
 * A battle anyone can watch: two signed-out visitors on its public page see both players, their
 * POGs and the seed's commitment while it waits, are counted, watch the reveal play live when the
 * players complete it (count-in first, as the players see it), and keep the result with the way to
 * verify it; a player's page links there.
 */
import { describe, expect, it } from 'vitest';
import type { Battle } from '@pog/common';
import { hasChromium, playerWithPog, snapshot, useE2E } from './harness';

describe.skipIf(!hasChromium())('watching a battle in a browser [needs Chromium]', () => {
  const e2e = useE2E();

  it('shows a signed-out visitor the battle complete live, the result and the verify link', async () => {
    const suffix = Date.now().toString(36).slice(-6);
    const [aName, bName] = [`wa${suffix}`, `wb${suffix}`];
    const [aContext, bContext] = [await e2e.newContext(), await e2e.newContext()];
    const [a, b] = await Promise.all([
      playerWithPog(aContext, aName, { name: 'Comet', textContent: 'GO', backgroundColor1: '#F97316', backgroundColor2: '#7F1D1D' }),
      playerWithPog(bContext, bName, { name: 'Harbor', textContent: 'HO', backgroundColor1: '#06B6D4', backgroundColor2: '#1E3A8A' }),
    ]);
    const created = await aContext.request.post('/api/battles', { data: { challengerId: a.userId, defenderId: b.userId, challengerPogId: a.pog.id, battleType: 'standard' } });
    expect(created.status(), await created.text()).toBe(201);
    const battle = (await created.json()) as Battle;

    // The visitor watches the reveal in motion; a second one is counted beside them.
    const visitor = await e2e.newPage({ reducedMotion: 'no-preference' });
    await visitor.goto(`/battles/${battle.id}`);
    await visitor.getByRole('heading', { level: 1, name: `${aName} vs ${bName}` }).waitFor();
    await visitor.getByText(`Waiting for ${bName} to accept the challenge.`).waitFor();
    expect(await visitor.getByTestId('watch-seed-hash').textContent()).toBe(battle.seedHash);
    await visitor.getByRole('heading', { name: 'Comet' }).waitFor();
    await visitor.getByText('1 watching').waitFor();

    const other = await e2e.newPage({ viewport: { width: 375, height: 740 } });
    await other.goto(`/battles/${battle.id}`);
    await other.getByText('2 watching').waitFor();
    await visitor.getByText('2 watching').waitFor();

    // Accepted: the defender's POG arrives without a reload.
    const accepted = await bContext.request.post(`/api/battles/${battle.id}/accept`, { data: { defenderPogId: b.pog.id } });
    expect(accepted.status(), await accepted.text()).toBe(200);
    await visitor.getByText('Both POGs are in. Waiting for the flip.').waitFor();
    await visitor.getByRole('heading', { name: 'Harbor' }).waitFor();

    const completed = await aContext.request.post(`/api/battles/${battle.id}/complete`);
    expect(completed.status(), await completed.text()).toBe(200);
    const result = (await completed.json()) as Battle;
    const winner = result.winnerId === a.userId ? aName : bName;
    // The players' timeline: the count-in plays, then the verdict lands in a live region.
    await visitor.getByTestId('count-in').waitFor();
    await visitor.getByRole('status').filter({ hasText: `${winner} wins!` }).waitFor();
    await other.getByText(`${winner} wins!`).waitFor();
    expect(await visitor.getByRole('list', { name: 'Rolls' }).textContent()).toContain(String(result.challengerRoll));
    await snapshot(visitor, 'watch-completed');

    // The other visitor leaves: the count follows.
    await other.close();
    await visitor.getByText('1 watching').waitFor();

    await visitor.getByRole('link', { name: 'Verify this battle' }).click();
    await visitor.getByRole('heading', { level: 1, name: `Verify battle #${battle.id}` }).waitFor();
    expect(visitor.url()).toContain(`/battle/${battle.id}/verify`);

    // Read afresh, the page keeps the result.
    await visitor.goto(`/battles/${battle.id}`);
    await visitor.getByText(`${winner} wins!`).waitFor();
    await visitor.getByRole('link', { name: 'Verify this battle' }).waitFor();

    // A player's page lists their latest battles, each leading to its public page.
    const profile = await aContext.newPage();
    await profile.goto(`/explore-user?id=${b.userId}`);
    await profile.getByRole('link', { name: `${aName} vs ${bName}` }).click();
    await profile.getByRole('heading', { level: 1, name: `${aName} vs ${bName}` }).waitFor();
    expect(profile.url()).toContain(`/battles/${battle.id}`);
  });
});
