/**
 * Edits: only a POG's creator may edit it, only while holding it, and only if it never
 * changed hands; a change of design is scored again and counts as a creation (cooldown and daily
 * limit), a new name alone is free. And "Cannot trade your own pog" is about who holds the POG: a
 * creator may ask for a design of theirs back.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDIT_REFUSALS, LIMITS, TRADE_COOLDOWN_MINUTES } from '@pog/common';
import { ManualClock } from '@pog/domain/clock';
import { tables, type Db } from '@pog/domain/db';
import { createPlayer, givePog, type TestPlayer } from '../testing/factories';
import { setupTitle, TEST_SETUPS } from '../testing/databases';
import { pogDesign, waitForScore } from '../testing/players';
import { startTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait';
import type { PogId } from '@pog/common/schemas/ids';

type Player = TestPlayer;

describe.each(TEST_SETUPS)('POG edits and who may trade for what', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    let db: Db;
    const clock = new ManualClock(new Date('2035-06-01T08:00:00Z'));
    beforeAll(async () => {
      app = await startTestApp({ backend: setup.backend, env: setup.env, clock });
      db = app.runtime.db;
    });
    afterAll(async () => {
      await app?.close();
    });

    const player = () => createPlayer(app, 'ed');
    const afterCooldown = () => clock.advance(LIMITS.creationCooldownSeconds * 1000 + 1000);
    async function create(p: Player, overrides: Record<string, unknown> = {}) {
      const res = await p.client.post('/api/pogs', pogDesign(p.id, overrides));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body as { id: PogId; designVersion?: number };
    }
    const creationsOf = async (p: Player) =>
      (await db.select({ kind: tables.pogCreations.kind }).from(tables.pogCreations).where(eq(tables.pogCreations.userId, p.id))).map((r) => r.kind);
    const pogRow = async (id: PogId) => (await db.select().from(tables.pogs).where(eq(tables.pogs.id, id)))[0]!;
    /** `from` offers `fromPog` for `toPog`, `to` accepts; the clock then passes the trade cooldowns. */
    async function swap(from: Player, fromPog: number, to: Player, toPog: number) {
      const offer = await from.client.post('/api/trades', { fromUserId: from.id, toUserId: to.id, offerPogId: fromPog, requestPogId: toPog });
      expect(offer.status, JSON.stringify(offer.body)).toBe(201);
      const accepted = await to.client.patch(`/api/trades/${offer.body.id}/status`, { status: 'accepted' });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      clock.advance(TRADE_COOLDOWN_MINUTES.legendary * 60_000 + 1000);
      return accepted.body as { offerPog: { changedHands: boolean }; requestPog: { changedHands: boolean } };
    }

    it('lets only the creator edit, while holding it, before it ever changed hands; anyone else gets 403', async () => {
      const [alice, bob] = [await player(), await player()];
      const design = await givePog(db, alice.id, { name: 'Original' });
      const bobs = await givePog(db, bob.id);
      const rename = (p: Player, pogId: PogId, name: string) => p.client.patch(`/api/pogs/${pogId}`, { name });

      expect((await alice.client.get(`/api/pogs/${design}`)).body.changedHands).toBe(false);
      expect((await rename(alice, design, 'Still mine')).status).toBe(200);
      expect((await rename(bob, design, 'BOB WAS HERE')).body).toEqual({ code: 'FORBIDDEN', message: EDIT_REFUSALS.notHeld });

      // Traded to bob: he holds it but did not create it; alice created it but no longer holds it.
      const swapped = await swap(alice, design, bob, bobs);
      expect(swapped.offerPog.changedHands).toBe(true);
      expect((await rename(bob, design, 'BOB WAS HERE')).body).toEqual({ code: 'FORBIDDEN', message: EDIT_REFUSALS.notCreator });
      expect((await rename(alice, design, 'Back off')).body).toEqual({ code: 'FORBIDDEN', message: EDIT_REFUSALS.notHeld });
      // Neither may edit bob's design that alice now holds either.
      expect((await rename(alice, bobs, 'Mine now')).body.message).toBe(EDIT_REFUSALS.notCreator);

      // Alice asks for her design back (see the next test) and gets it: it changed hands, so it is frozen.
      await swap(alice, bobs, bob, design);
      expect(await pogRow(design)).toMatchObject({ userId: alice.id, creatorId: alice.id, changedHands: true, name: 'Still mine' });
      expect((await rename(alice, design, 'Mine again')).body).toEqual({ code: 'FORBIDDEN', message: EDIT_REFUSALS.changedHands });
      expect((await alice.client.patch(`/api/pogs/${design}`, { textContent: 'new text' })).status).toBe(403);
      expect((await pogRow(design)).name).toBe('Still mine');
    });

    it('freezes a POG that changed hands in a battle', async () => {
      const [alice, bob] = [await player(), await player()];
      const [a, b] = [await givePog(db, alice.id), await givePog(db, bob.id)];
      const battle = await alice.client.post('/api/battles', { challengerId: alice.id, defenderId: bob.id, challengerPogId: a, battleType: 'flip' });
      expect(battle.status, JSON.stringify(battle.body)).toBe(201);
      expect((await bob.client.post(`/api/battles/${battle.body.id}/accept`, { defenderPogId: b })).status).toBe(200);
      const done = await alice.client.post(`/api/battles/${battle.body.id}/complete`);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      const [winner, lost, kept] = done.body.winnerId === alice.id ? [alice, b, a] : [bob, a, b];
      expect(await pogRow(lost)).toMatchObject({ userId: winner.id, changedHands: true });
      // The winner's own POG never moved: its creator may still edit it.
      expect(await pogRow(kept)).toMatchObject({ userId: winner.id, changedHands: false });
      expect((await winner.client.patch(`/api/pogs/${kept}`, { name: 'Champion' })).status).toBe(200);
      expect((await winner.client.patch(`/api/pogs/${lost}`, { name: 'Spoils' })).body.message).toBe(EDIT_REFUSALS.notCreator);
    });

    it('lets a creator ask for a design of theirs back from whoever holds it', async () => {
      const [alice, bob] = [await player(), await player()];
      const design = await givePog(db, alice.id, { name: 'Heirloom' });
      const [aliceOther, bobs] = [await givePog(db, alice.id), await givePog(db, bob.id)];
      await swap(alice, design, bob, bobs);
      // From Explore, alice asks bob for her own design, offering another POG she holds.
      const ask = await alice.client.post('/api/trades', { fromUserId: alice.id, toUserId: bob.id, offerPogId: aliceOther, requestPogId: design });
      expect(ask.status, JSON.stringify(ask.body)).toBe(201);
      expect(ask.body.requestPog).toMatchObject({ id: design, userId: bob.id, creatorId: alice.id });
      expect((await bob.client.patch(`/api/trades/${ask.body.id}/status`, { status: 'accepted' })).status).toBe(200);
      expect(await pogRow(design)).toMatchObject({ userId: alice.id, creatorId: alice.id });
      // What she holds she cannot ask for: offering to herself stays refused.
      const self = await alice.client.post('/api/trades', { fromUserId: alice.id, toUserId: alice.id, offerPogId: bobs, requestPogId: design });
      expect(self.status).toBe(400);
    });

    it('counts a change of design as a creation: the cooldown and its refusal, then one log entry and a new score', async () => {
      clock.set(new Date('2035-06-02T08:00:00Z'));
      const alice = await player();
      const pog = await create(alice, { name: 'Fresh', textContent: 'first' });
      await waitForScore(alice.client, pog.id);

      // Seconds after creating: the cooldown holds for edits of the design too.
      const early = await alice.client.patch(`/api/pogs/${pog.id}`, { textContent: 'second' });
      expect(early.status).toBe(429);
      expect(early.body.code).toBe('COOLDOWN');
      expect(early.body.message).toBe("Changing a POG's design counts as a creation, and creation is on cooldown. You can change it in 1 minute.");
      expect(early.headers.get('retry-after')).toBe(String(LIMITS.creationCooldownSeconds));
      expect((await pogRow(pog.id)).textContent).toBe('first');

      // A new name alone is free: no cooldown, no new score, no log entry.
      const renamed = await alice.client.patch(`/api/pogs/${pog.id}`, { name: 'Renamed' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ name: 'Renamed', pointsPending: false });
      // And saving what is already there changes nothing.
      expect((await alice.client.patch(`/api/pogs/${pog.id}`, { textContent: 'first', name: 'Renamed' })).body).toMatchObject({ pointsPending: false });
      expect(await creationsOf(alice)).toEqual(['created']);

      afterCooldown();
      const before = await pogRow(pog.id);
      const redesign = await alice.client.patch(`/api/pogs/${pog.id}`, { textContent: 'second', backgroundColor1: '#112233' });
      expect(redesign.status, JSON.stringify(redesign.body)).toBe(200);
      expect(redesign.body).toMatchObject({ textContent: 'second', pointsPending: true });
      expect((await pogRow(pog.id)).designVersion).toBe(before.designVersion + 1);
      expect(await creationsOf(alice)).toEqual(['created', 'edited']);
      await waitForScore(alice.client, pog.id);

      // The edit started the cooldown again, for creations as well as for edits.
      const next = await alice.client.post('/api/pogs', pogDesign(alice.id));
      expect([next.status, next.body.code]).toEqual([429, 'COOLDOWN']);
      // Stats: today's count includes the edit; POGs created does not.
      expect((await alice.client.get(`/api/users/${alice.id}/stats`)).body).toMatchObject({ dailyCreationCount: 2, creationCount: 1 });
    });

    it('counts design edits against the daily creation limit, with the same refusal code', async () => {
      clock.set(new Date('2035-06-03T08:00:00Z'));
      const alice = await player();
      const pog = await create(alice, { textContent: 'v0' });
      // A first creation completes achievements that raise the daily limit: wait for them, then read it.
      const stats = () => alice.client.get(`/api/users/${alice.id}/stats`).then((res) => res.body as { completedAchievements: number; dailyCreationLimit: number });
      const { dailyCreationLimit } = await waitFor(async () => ((await stats()).completedAchievements > 0 ? stats() : undefined), 10_000, 'the first achievements');
      expect(dailyCreationLimit).toBeGreaterThanOrEqual(LIMITS.dailyCreationLimit);
      for (let edit = 1; edit < dailyCreationLimit; edit++) {
        afterCooldown();
        const res = await alice.client.patch(`/api/pogs/${pog.id}`, { textContent: `v${edit}` });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      afterCooldown();
      const over = await alice.client.patch(`/api/pogs/${pog.id}`, { textContent: 'one too many' });
      expect(over.status).toBe(429);
      expect(over.body.code).toBe('DAILY_LIMIT');
      expect(over.body.message).toMatch(
        new RegExp(`^Changing a POG's design counts as a creation, and you've reached your daily limit of ${dailyCreationLimit} new POGs\\. You can change it in \\d+h( \\d+m)? \\(at 00:00 UTC\\)\\.$`),
      );
      // Renaming is still free.
      expect((await alice.client.patch(`/api/pogs/${pog.id}`, { name: 'Still free' })).status).toBe(200);
      const edits = await db
        .select()
        .from(tables.pogCreations)
        .where(and(eq(tables.pogCreations.userId, alice.id), eq(tables.pogCreations.kind, 'edited')));
      expect(edits).toHaveLength(dailyCreationLimit - 1);
    });

    // PGlite is one connection, so races only mean something on the server: defined there alone.
    if (setup.backend === 'postgres') {
      it('lets one of several design edits fired at once through, the others refused by the cooldown', async () => {
        clock.set(new Date('2035-06-04T08:00:00Z'));
        const alice = await player();
        const [first, second] = [await givePog(db, alice.id), await givePog(db, alice.id)];
        const edits = await Promise.all(
          Array.from({ length: 8 }, (_, i) => alice.client.clone().patch(`/api/pogs/${i % 2 ? first : second}`, { textContent: `race ${i}` })),
        );
        expect(edits.filter((res) => res.status === 200)).toHaveLength(1);
        expect(edits.filter((res) => res.status === 429 && res.body.code === 'COOLDOWN')).toHaveLength(7);
        expect(await creationsOf(alice)).toEqual(['edited']);
      });
    }

    it('checks a new name against the blocklist, as scoring would', async () => {
      const alice = await player();
      const pog = await givePog(db, alice.id, { name: 'Clean' });
      const res = await alice.client.patch(`/api/pogs/${pog}`, { name: 'Sh1t happens' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: 'Sh1t happens', isFlagged: true, pointsPending: false });
      const notes = (await alice.client.get('/api/notifications')).body.items as Array<{ kind: string; title: string }>;
      // By kind: the welcome notification's job may store it before or after.
      expect(notes.filter((n) => n.kind === 'pog.flagged')).toEqual([expect.objectContaining({ title: 'Sh1t happens was flagged for review' })]);
    });
  });
});
