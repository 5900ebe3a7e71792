/**
 * A POG's page (GET /api/pogs/:id/provenance): the history rows each command writes in its own
 * transaction (create, trade accept, battle completion, moderation the owner was told of), none
 * from a command that failed or rolled back, and the public route's answers.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, pogProvenanceSchema, type HistoryEntry, type PogProvenance } from '@pog/common';
import { completeBattles } from '@pog/domain/battles';
import { ManualClock } from '@pog/domain/clock';
import { tables, type Db } from '@pog/domain/db';
import { ApiClient } from '../testing/api-client';
import { newAdmin } from '../testing/admins';
import { givePog } from '../testing/battles';
import { setupTitle, TEST_SETUPS } from '../testing/databases';
import { newPlayer, pogDesign, waitForScore } from '../testing/players';
import { startTestApp, type TestApp } from '../testing/test-app';
import type { BattleId, PogId, TradeId } from '@pog/common/schemas/ids';

type Player = Awaited<ReturnType<typeof newPlayer>>;

describe.each(TEST_SETUPS)('POG provenance', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    let db: Db;
    const clock = new ManualClock(new Date('2030-03-01T08:00:00Z'));
    beforeAll(async () => {
      app = await startTestApp({ backend: setup.backend, env: setup.env, clock });
      db = app.runtime.db;
    });
    afterAll(async () => {
      await app?.close();
    });

    const player = () => newPlayer(app.url, 'pv');
    const guest = () => new ApiClient(app.url);
    const rowsOf = (pogId: PogId) => db.select().from(tables.pogHistory).where(eq(tables.pogHistory.pogId, pogId));

    async function page(client: ApiClient, pogId: PogId): Promise<PogProvenance> {
      const res = await client.get(`/api/pogs/${pogId}/provenance`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // The answer is the contract in common, exactly.
      return pogProvenanceSchema.parse(res.body);
    }

    async function acceptedTrade(a: Player, b: Player) {
      const offer = await givePog(db, a.id, { name: 'Offered Disc', rarity: 'rare' });
      const request = await givePog(db, b.id, { name: 'Wanted Disc' });
      const sent = await a.client.post('/api/trades', { fromUserId: a.id, toUserId: b.id, offerPogId: offer, requestPogId: request });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      return { offer, request, tradeId: sent.body.id as TradeId };
    }

    async function acceptedBattle(a: Player, b: Player) {
      const aPog = await givePog(db, a.id, { name: 'Red Comet' });
      const bPog = await givePog(db, b.id, { name: 'Blue Moon' });
      const created = await a.client.post('/api/battles', { challengerId: a.id, defenderId: b.id, challengerPogId: aPog, battleType: 'standard' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const accepted = await b.client.post(`/api/battles/${created.body.id}/accept`, { defenderPogId: bPog });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      return { aPog, bPog, battleId: created.body.id as BattleId };
    }

    it('writes "created" with the POG, and shows the page to a signed-out visitor', async () => {
      const p = await player();
      const createdAt = clock.now().toISOString();
      const res = await p.client.post('/api/pogs', pogDesign(p.id, { name: 'Origin Story' }));
      expect(res.status).toBe(201);
      clock.advance(LIMITS.creationCooldownSeconds * 1000 + 1000);
      const shown = await page(guest(), res.body.id);
      expect(shown.pog).toMatchObject({ id: res.body.id, name: 'Origin Story', userId: p.id, creatorId: p.id, moderationNotes: null });
      expect(shown.history).toEqual([
        { id: expect.any(Number), at: createdAt, tradeId: null, battleId: null, kind: 'created', creator: { id: p.id, username: p.username }, name: 'Origin Story' },
      ]);
      expect(shown.tradesUsed).toBe(0);
      expect(shown.earlierHistoryMissing).toBe(false);
    });

    it('writes nothing for a creation that is refused', async () => {
      const p = await player();
      // The image was never uploaded: refused (400), nothing made.
      const res = await p.client.post('/api/pogs', pogDesign(p.id, { name: 'Never Made', imageUrl: '/uploads/missing.jpg' }));
      expect(res.status).toBe(400);
      const mine = await db.select().from(tables.pogHistory).where(sql`${tables.pogHistory.details} -> 'creator' ->> 'id' = ${String(p.id)}`);
      expect(mine).toEqual([]);
    });

    it('writes the scorer\'s flag with the owner\'s notification', async () => {
      const p = await player();
      const res = await p.client.post('/api/pogs', pogDesign(p.id, { name: 'Sh1t happens' }));
      expect(res.status).toBe(201);
      clock.advance(LIMITS.creationCooldownSeconds * 1000 + 1000);
      expect((await waitForScore(p.client, res.body.id)).isFlagged).toBe(true);
      expect((await page(guest(), res.body.id)).history.map((e) => e.kind === 'moderated' ? `${e.action}:${e.cause}` : e.kind)).toEqual(['created', 'flagged:words']);
    });

    it('writes one "traded" row per POG with whom and for what when a trade is accepted', async () => {
      const [a, b] = [await player(), await player()];
      const { offer, request, tradeId } = await acceptedTrade(a, b);
      expect((await b.client.patch(`/api/trades/${tradeId}/status`, { status: 'accepted' })).status).toBe(200);

      const offered = await page(guest(), offer);
      expect(offered.history).toEqual([
        expect.objectContaining({ kind: 'traded', tradeId, battleId: null, from: { id: a.id, username: a.username }, to: { id: b.id, username: b.username }, forPog: { id: request, name: 'Wanted Disc' } }),
      ]);
      // Made by the test's setup, not through the API: its creation is not in its history.
      expect(offered.earlierHistoryMissing).toBe(true);
      expect(offered.tradesUsed).toBe(1);
      expect(offered.pog).toMatchObject({ userId: b.id, onCooldown: true, maxTrades: 15, tradesRemaining: 14 });
      const wanted = await page(guest(), request);
      expect(wanted.history).toEqual([
        expect.objectContaining({ kind: 'traded', tradeId, from: { id: b.id, username: b.username }, to: { id: a.id, username: a.username }, forPog: { id: offer, name: 'Offered Disc' } }),
      ]);
    });

    it('writes nothing when a trade is rejected, or an accept is refused', async () => {
      const [a, b] = [await player(), await player()];
      const rejected = await acceptedTrade(a, b);
      expect((await b.client.patch(`/api/trades/${rejected.tradeId}/status`, { status: 'rejected' })).status).toBe(200);
      const refused = await acceptedTrade(a, b);
      // The requested POG goes on cooldown meanwhile: the accept fails and nothing moves.
      await db.update(tables.pogs).set({ cooldownUntil: new Date(clock.now().getTime() + 600_000) }).where(eq(tables.pogs.id, refused.request));
      const res = await b.client.patch(`/api/trades/${refused.tradeId}/status`, { status: 'accepted' });
      expect(res.status).toBe(429);
      for (const id of [rejected.offer, rejected.request, refused.offer, refused.request]) expect(await rowsOf(id)).toEqual([]);
    });

    it('writes history exactly when the trade wins a race between accept and cancel', async () => {
      for (let round = 0; round < 4; round++) {
        const [a, b] = [await player(), await player()];
        const { offer, request, tradeId } = await acceptedTrade(a, b);
        const [accept, cancel] = await Promise.all([
          b.client.patch(`/api/trades/${tradeId}/status`, { status: 'accepted' }),
          a.client.post(`/api/trades/${tradeId}/cancel`, { userId: a.id }),
        ]);
        // Exactly one wins; the loser is told the trade is no longer pending.
        expect([accept.status, cancel.status].sort()).toEqual([200, 409]);
        const [row] = await db.select({ status: tables.trades.status }).from(tables.trades).where(eq(tables.trades.id, tradeId));
        const rows = [...(await rowsOf(offer)), ...(await rowsOf(request))];
        if (row!.status === 'accepted') expect(rows.map((r) => [r.kind, r.tradeId])).toEqual([['traded', tradeId], ['traded', tradeId]]);
        else expect(rows).toEqual([]);
      }
    });

    it('writes one "battled" row per POG with the opponent, the rolls and the result', async () => {
      const [a, b] = [await player(), await player()];
      const { aPog, bPog, battleId } = await acceptedBattle(a, b);
      const done = await a.client.post(`/api/battles/${battleId}/complete`);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      const battle = (await a.client.get(`/api/battles/${battleId}`)).body;
      const challengerWon = battle.winnerId === a.id;

      const red = (await page(guest(), aPog)).history;
      expect(red).toEqual([
        expect.objectContaining({
          kind: 'battled',
          battleId,
          tradeId: null,
          battleType: 'standard',
          holder: { id: a.id, username: a.username },
          opponent: { id: b.id, username: b.username },
          opponentPog: { id: bPog, name: 'Blue Moon' },
          holderRoll: battle.challengerRoll,
          opponentRoll: battle.defenderRoll,
          won: challengerWon,
        }),
      ]);
      const blue = (await page(guest(), bPog)).history;
      expect(blue).toEqual([
        expect.objectContaining({ kind: 'battled', battleId, holder: { id: b.id, username: b.username }, holderRoll: battle.defenderRoll, opponentRoll: battle.challengerRoll, won: !challengerWon }),
      ]);
      // A second complete changes nothing and writes nothing more.
      expect((await b.client.post(`/api/battles/${battleId}/complete`)).status).toBe(200);
      expect(await rowsOf(aPog)).toHaveLength(1);
    });

    it('writes nothing for a battle completion whose transaction rolls back', async () => {
      const [a, b] = [await player(), await player()];
      const { aPog, bPog, battleId } = await acceptedBattle(a, b);
      const failing = { beforeCommit: () => Promise.reject(new Error('the database went away just before COMMIT')) };
      await expect(completeBattles(db, [{ battleId, actorId: a.id }], clock.now(), failing)).rejects.toThrow('went away');
      expect(await rowsOf(aPog)).toEqual([]);
      expect(await rowsOf(bPog)).toEqual([]);
      const [row] = await db.select({ status: tables.battles.status }).from(tables.battles).where(eq(tables.battles.id, battleId));
      expect(row!.status).toBe('accepted');
    });

    it('writes the moderation the owner was told of; a rejected POG is then the owner\'s alone', async () => {
      const [owner, reporter] = [await player(), await player()];
      const pogId = await givePog(db, owner.id, { name: 'Questionable' });
      expect((await reporter.client.post(`/api/pogs/${pogId}/report`, { reason: 'Looks copied' })).status).toBeLessThan(300);
      const admin = await newAdmin(app.url);
      const rejected = await admin.put(`/api/admin/pogs/${pogId}/moderate`, { isApproved: false, isFlagged: true, moderationNotes: 'Copied art' });
      expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);

      const ownerView = await page(owner.client, pogId);
      const owned = { id: owner.id, username: owner.username };
      expect(ownerView.history.map((e: HistoryEntry) => e.kind === 'moderated' && [e.action, e.cause, e.owner])).toEqual([
        ['flagged', 'report', owned],
        ['rejected', 'moderator', owned],
      ]);
      // The notes stay private: the owner reads them on the POG, never in the public history.
      expect(JSON.stringify(ownerView.history)).not.toContain('Copied art');
      expect(ownerView.pog.moderationNotes).toBe('Copied art');
      for (const viewer of [guest(), reporter.client]) expect((await viewer.get(`/api/pogs/${pogId}/provenance`)).status).toBe(404);

      const approved = await admin.put(`/api/admin/pogs/${pogId}/moderate`, { isApproved: true, isFlagged: false, moderationNotes: null });
      expect(approved.status).toBe(200);
      const after = await page(guest(), pogId);
      expect(after.history.at(-1)).toMatchObject({ kind: 'moderated', action: 'approved', cause: 'moderator' });
      expect(after.pog.moderationNotes).toBeNull();
    });

    it('answers 404 for a missing POG and 400 for ids that are not ids', async () => {
      const missing = await guest().get('/api/pogs/2147483647/provenance');
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('NOT_FOUND');
      for (const bad of ['abc', '0', '-1', '1e3', '01', '2147483648', '1.5']) {
        const res = await guest().get(`/api/pogs/${bad}/provenance`);
        expect(res.status, bad).toBe(400);
        expect(res.body.code, bad).toBe('VALIDATION_ERROR');
      }
    });
  });
});
