import { createHash, createHmac } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATTLE_BONUS, CHALLENGES, CLIENT_SEED_RULE, ConflictError, ForbiddenError, generateSeed, NotFoundError, verifyBattle, type Battle, type BattleReveal } from '@pog/common';
import { cancelBattlesFor, completeBattles, pogsInAcceptedBattles, type Completion } from '@pog/domain/battles';
import { inUnitOfWork } from '@pog/domain/outbox';
import { ManualClock } from '@pog/domain/clock';
import { tables, type Db } from '@pog/domain/db';
import { ApiClient } from '../testing/api-client';
import { createPlayer, givePog, type TestPlayer } from '../testing/factories';
import { setupTitle, TEST_SETUPS } from '../testing/databases';
import { connectSocket, recordEvents, type TestSocket } from '../testing/sockets';
import { startTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait';
import { asBattleId, type PogId, type TradeId } from '@pog/common/schemas/ids';

const HOUR = 3_600_000;

type Player = TestPlayer;

describe.each(TEST_SETUPS)('Battles API', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    let db: Db;
    const clock = new ManualClock(new Date('2030-05-01T10:00:00Z'));
    const sockets: TestSocket[] = [];
    beforeAll(async () => {
      // This file runs the expiry sweeps, which must not reach other files' data: its own database.
      app = await startTestApp({ backend: setup.backend, env: setup.env, clock, ownDatabase: true });
      db = app.runtime.db;
    });
    afterAll(async () => {
      for (const socket of sockets) socket.close();
      await app?.close();
    });

    const player = () => createPlayer(app, 'b');
    const socketOf = async (p: Player) => {
      const socket = await connectSocket(app.url, p.client);
      sockets.push(socket);
      return socket;
    };
    const ownerOf = async (pogId: PogId) => (await db.select({ userId: tables.pogs.userId }).from(tables.pogs).where(eq(tables.pogs.id, pogId)))[0]?.userId;
    const notificationsOf = async (p: Player) => (await p.client.get('/api/notifications')).body.items as Array<{ kind: string; title: string; body: string }>;

    /** `a` challenges `b`, who is first given a POG: only a player who could accept can be challenged. */
    async function challenge(a: Player, b: Player, overrides: Record<string, unknown> = {}) {
      await givePog(db, b.id, { name: 'Target' });
      const pogId = await givePog(db, a.id, { name: 'Blaze' });
      const res = await a.client.post('/api/battles', { challengerId: a.id, defenderId: b.id, challengerPogId: pogId, battleType: 'standard', ...overrides });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return { battle: res.body as Battle, pogId };
    }

    async function acceptedBattle(battleType = 'standard', rarities: [string, string] = ['common', 'common']) {
      const [a, b] = [await player(), await player()];
      const aPog = await givePog(db, a.id, { name: 'Red Comet', rarity: rarities[0] as 'common' });
      const bPog = await givePog(db, b.id, { name: 'Blue Moon', rarity: rarities[1] as 'common' });
      const created = await a.client.post('/api/battles', { challengerId: a.id, defenderId: b.id, challengerPogId: aPog, battleType });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const accepted = await b.client.post(`/api/battles/${created.body.id}/accept`, { defenderPogId: bPog });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      return { a, b, aPog, bPog, battle: accepted.body as Battle };
    }

    it('creates a challenge that the defender receives live, with the seed committed but secret', async () => {
      const [a, b] = [await player(), await player()];
      const created = recordEvents(await socketOf(b), 'battle:created');
      const { battle, pogId } = await challenge(a, b);
      expect(battle).toMatchObject({
        status: 'pending',
        battleType: 'standard',
        challengerId: a.id,
        defenderId: b.id,
        challengerPogId: pogId,
        defenderPogId: null,
        challenger: { id: a.id, username: a.username, avatarColor: expect.any(String), avatarInitials: expect.any(String) },
        defender: { id: b.id, username: b.username },
        challengerPog: { id: pogId, name: 'Blaze', userId: a.id },
        defenderPog: null,
        challengerRoll: null,
        defenderRoll: null,
        winnerId: null,
        rounds: null,
        seed: null,
        timeAgo: 'just now',
        createdAt: clock.now().toISOString(),
        expiresAt: new Date(clock.now().getTime() + 24 * HOUR).toISOString(),
      });
      expect(battle.seedHash).toMatch(/^[0-9a-f]{64}$/);
      await waitFor(() => created.some((e) => e.id === battle.id), 5_000, 'battle:created on the defender');
      const notes = await notificationsOf(b);
      expect(notes[0]).toMatchObject({ kind: 'battle.challenged', title: 'New battle challenge', body: `${a.username} challenged you to a standard battle, risking Blaze.` });
      for (const p of [a, b]) {
        const pending = await p.client.get(`/api/battles/pending/${p.id}`);
        expect(pending.body.map((x: Battle) => x.id)).toContain(battle.id);
        expect(pending.body[0].seed).toBeNull();
      }
    });

    it('refuses bad requests and challenges that break a rule, each with a clear message', async () => {
      const [a, b] = [await player(), await player()];
      const pog = await givePog(db, a.id);
      const body = { challengerId: a.id, defenderId: b.id, challengerPogId: pog, battleType: 'standard' };
      const post = (over: Record<string, unknown>, client = a.client) => client.post('/api/battles', { ...body, ...over });

      expect((await new ApiClient(app.url).post('/api/battles', body)).status).toBe(401);
      expect((await post({ battleType: 'duel' })).body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'battleType must be standard, championship or flip' });
      expect((await post({ challengerPogId: 'x' })).status).toBe(400);
      expect((await post({ challengerId: b.id })).body).toMatchObject({ code: 'FORBIDDEN', message: 'You can only act as yourself (the challenger must be you).' });
      expect((await post({ defenderId: a.id })).body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'You cannot battle yourself. Choose another player.' });
      expect((await post({ defenderId: 2_000_000_000 })).body).toMatchObject({ code: 'NOT_FOUND', message: 'That player does not exist.' });
      expect((await post({ challengerPogId: 2_000_000_000 })).status).toBe(404);

      const theirs = await givePog(db, b.id);
      const notOwned = await post({ challengerPogId: theirs });
      expect(notOwned.status).toBe(403);
      expect(notOwned.body.message).toBe('You can only risk a POG you own.');

      const rejected = await givePog(db, a.id, { name: 'Bad Pog', moderationStatus: 'rejected', isFlagged: true });
      expect((await post({ challengerPogId: rejected })).body).toMatchObject({ code: 'CONFLICT', message: 'Bad Pog was rejected by a moderator and cannot be risked in a battle.' });

      const resting = await givePog(db, a.id, { name: 'Tired Pog', cooldownUntil: new Date(clock.now().getTime() + 5 * 60_000) });
      const cooling = await post({ challengerPogId: resting });
      expect(cooling.status).toBe(429);
      expect(cooling.body).toMatchObject({ code: 'COOLDOWN', message: 'Tired Pog is on cooldown for 5 minutes more and cannot be risked in a battle yet.' });
      expect(cooling.headers.get('retry-after')).toBe('300');

      const spent = await givePog(db, a.id, { name: 'Spent Pog', tradesRemaining: 0 });
      expect((await post({ challengerPogId: spent })).status).toBe(409);

      expect((await post({})).status).toBe(201);
      const again = await post({});
      expect(again.body).toMatchObject({ code: 'CONFLICT', message: `Pog of ${a.id} is already risked in another battle. Finish that one first.` });

      const banned = await player();
      await db.update(tables.users).set({ isBanned: true, banReason: 'test' }).where(eq(tables.users.id, banned.id));
      expect((await post({ defenderId: banned.id, challengerPogId: await givePog(db, a.id) })).body).toMatchObject({
        code: 'FORBIDDEN',
        message: `${banned.username} is banned and cannot be challenged.`,
      });
    });

    it('challenges only a player holding a POG they could risk, and lists only those as opponents', async () => {
      const [a, b, c] = [await player(), await player(), await player()];
      const aPog = await givePog(db, a.id);
      const send = () => a.client.post('/api/battles', { challengerId: a.id, defenderId: b.id, challengerPogId: aPog, battleType: 'standard' });
      const refusal = { code: 'CONFLICT', message: `${b.username} has no POG they could risk in a battle right now, so they cannot be challenged.` };
      // Each asked by id: the shared database holds more players than one page.
      const opponents = async () => {
        const found = await Promise.all([a, b, c].map(async (p) => (await a.client.get(`/api/users?canBeChallenged=1&id=${p.id}`)).body as Array<{ id: number }>));
        return found.flat().map((u) => u.id);
      };

      // b holds nothing at all, then only POGs that cannot be risked: rejected, spent, cooling down, already risked.
      expect((await send()).body).toEqual(refusal);
      await givePog(db, b.id, { moderationStatus: 'rejected', isFlagged: true });
      await givePog(db, b.id, { tradesRemaining: 0 });
      await givePog(db, b.id, { cooldownUntil: new Date(clock.now().getTime() + HOUR) });
      const risked = await givePog(db, b.id);
      await givePog(db, c.id);
      expect((await b.client.post('/api/battles', { challengerId: b.id, defenderId: c.id, challengerPogId: risked, battleType: 'flip' })).status).toBe(201);
      expect((await send()).body).toEqual(refusal);
      expect(await opponents()).toEqual(expect.arrayContaining([a.id, c.id]));
      expect(await opponents()).not.toContain(b.id);
      // The plain list still shows every player.
      expect(((await a.client.get(`/api/users?search=${b.username}`)).body as Array<{ id: number }>).map((u) => u.id)).toContain(b.id);
      expect((await a.client.get('/api/users?canBeChallenged=yes')).status).toBe(400);

      // Once the cooldown is over, b has a POG to risk again.
      clock.advance(HOUR + 1000);
      expect(await opponents()).toContain(b.id);
      expect((await send()).status).toBe(201);
    });

    it('lets only the defender accept or decline and only the challenger cancel, only while pending', async () => {
      const [a, b, c] = [await player(), await player(), await player()];
      const { battle } = await challenge(a, b);
      const bPog = await givePog(db, b.id);
      const cPog = await givePog(db, c.id);
      expect((await a.client.post(`/api/battles/${battle.id}/accept`, { defenderPogId: bPog })).body).toMatchObject({
        code: 'FORBIDDEN',
        message: 'Only the challenged player can accept this battle.',
      });
      expect((await c.client.post(`/api/battles/${battle.id}/accept`, { defenderPogId: cPog })).status).toBe(403);
      expect((await a.client.post(`/api/battles/${battle.id}/decline`)).body.message).toBe('Only the challenged player can decline this battle.');
      expect((await b.client.post(`/api/battles/${battle.id}/cancel`)).body.message).toBe('Only the challenger can cancel this battle.');
      expect((await b.client.post(`/api/battles/${battle.id}/accept`, {})).status).toBe(400);
      expect((await b.client.post('/api/battles/2000000000/accept', { defenderPogId: bPog })).status).toBe(404);
      expect((await b.client.post(`/api/battles/${battle.id}/accept`, { defenderPogId: cPog })).body.message).toBe('You can only risk a POG you own.');
      expect((await b.client.post(`/api/battles/${battle.id}/complete`)).body).toMatchObject({ code: 'CONFLICT', message: 'This battle cannot be completed: it is pending.' });

      const accepted = await b.client.post(`/api/battles/${battle.id}/accept`, { defenderPogId: bPog });
      expect(accepted.status).toBe(200);
      for (const [client, action] of [[b.client, 'accept'], [b.client, 'decline'], [a.client, 'cancel']] as const) {
        const late = await client.post(`/api/battles/${battle.id}/${action}`, { defenderPogId: bPog });
        expect(late.status).toBe(409);
        expect(late.body.details.battle).toMatchObject({ id: battle.id, status: 'accepted' });
      }
      // The accepted battle locks both POGs: neither can be risked elsewhere.
      const other = await a.client.post('/api/battles', { challengerId: a.id, defenderId: c.id, challengerPogId: battle.challengerPogId, battleType: 'flip' });
      expect(other.status).toBe(409);
      const { battle: third } = await challenge(c, b);
      expect((await b.client.post(`/api/battles/${third.id}/accept`, { defenderPogId: bPog })).status).toBe(409);
    });

    it('refuses a POG risked on either side of an open battle, by name, before any other refusal', async () => {
      const { a, b, aPog, bPog } = await acceptedBattle();
      const inBattle = (name: string) => ({ code: 'CONFLICT', message: `${name} is already risked in another battle. Finish that one first.` });
      // b's POG defends in the accepted battle: b cannot challenge with it, even a player who holds nothing to risk.
      const c = await player();
      expect((await b.client.post('/api/battles', { challengerId: b.id, defenderId: c.id, challengerPogId: bPog, battleType: 'flip' })).body).toEqual(inBattle('Blue Moon'));
      // a's POG challenges there: a cannot defend with it.
      const d = await player();
      const { battle } = await challenge(d, a);
      expect((await a.client.post(`/api/battles/${battle.id}/accept`, { defenderPogId: aPog })).body).toEqual(inBattle('Red Comet'));
      // Still so when the challenger's POG has meanwhile left them too.
      await db.update(tables.pogs).set({ userId: c.id }).where(eq(tables.pogs.id, battle.challengerPogId!));
      expect((await a.client.post(`/api/battles/${battle.id}/accept`, { defenderPogId: aPog })).body).toEqual(inBattle('Red Comet'));
      const free = await givePog(db, a.id);
      expect((await a.client.post(`/api/battles/${battle.id}/accept`, { defenderPogId: free })).body.message).toBe("The challenger's POG is no longer theirs, so this battle cannot go ahead.");
    });

    it('tells the challenger live when the defender accepts, and fixes both rarities then', async () => {
      const [a, b] = [await player(), await player()];
      const updates = recordEvents(await socketOf(a), 'battle:updated');
      const { battle } = await challenge(a, b, { battleType: 'championship' });
      const bPog = await givePog(db, b.id, { name: 'Dragon', rarity: 'legendary' });
      clock.advance(HOUR);
      const accepted = (await b.client.post(`/api/battles/${battle.id}/accept`, { defenderPogId: bPog })).body as Battle;
      expect(accepted).toMatchObject({
        status: 'accepted',
        defenderPogId: bPog,
        defenderPog: { id: bPog, name: 'Dragon' },
        challengerRarity: 'common',
        defenderRarity: 'legendary',
        seed: null,
        acceptedAt: clock.now().toISOString(),
        expiresAt: new Date(clock.now().getTime() + 24 * HOUR).toISOString(),
        timeAgo: '1h ago',
      });
      await waitFor(() => updates.some((u) => u.id === battle.id && u.status === 'accepted'), 5_000, 'battle:updated on the challenger');
      expect((await notificationsOf(a))[0]).toMatchObject({ kind: 'battle.accepted', body: `${b.username} accepted your challenge, risking Dragon. Flip and battle!` });
    });

    it('declines and cancels, telling the other player', async () => {
      const [a, b] = [await player(), await player()];
      const { battle: first } = await challenge(a, b);
      const declined = await b.client.post(`/api/battles/${first.id}/decline`);
      expect(declined.body).toMatchObject({ id: first.id, status: 'declined' });
      expect((await notificationsOf(a))[0]).toMatchObject({ kind: 'battle.declined', body: `${b.username} declined your battle challenge.` });

      const bUpdates = recordEvents(await socketOf(b), 'battle:updated');
      const { battle: second } = await challenge(a, b);
      const cancelled = await a.client.post(`/api/battles/${second.id}/cancel`);
      expect(cancelled.body).toMatchObject({ id: second.id, status: 'cancelled' });
      await waitFor(() => bUpdates.some((u) => u.id === second.id && u.status === 'cancelled'), 5_000, 'battle:updated on the defender');
      expect((await notificationsOf(b))[0]).toMatchObject({ kind: 'battle.cancelled', body: `${a.username} cancelled their battle challenge.` });

      const history = (await a.client.get(`/api/battles/history/${a.id}`)).body as Battle[];
      expect(history.map((h) => [h.id, h.status])).toEqual([
        [second.id, 'cancelled'],
        [first.id, 'declined'],
      ]);
      expect((await a.client.get(`/api/battles/pending/${a.id}`)).body).toEqual([]);
      expect((await a.client.get(`/api/battles/pending/${b.id}`)).status).toBe(403);
      // Someone else's history shows only their completed battles.
      expect((await b.client.get(`/api/battles/history/${a.id}`)).body).toEqual([]);
    });

    it(`lets a player's challenges to another end unanswered ${CHALLENGES.unansweredPerPlayerPerHour} times an hour, then makes them wait`, async () => {
      const [a, b, c] = [await player(), await player(), await player()];
      const endUnanswered = async (how: 'cancel' | 'decline') => {
        const { battle } = await challenge(a, b);
        expect((await (how === 'cancel' ? a : b).client.post(`/api/battles/${battle.id}/${how}`)).status).toBe(200);
      };
      for (let n = 1; n < CHALLENGES.unansweredPerPlayerPerHour; n++) await endUnanswered('cancel');
      // A challenge taken up is not one of them.
      const { battle: takenUp } = await challenge(a, b);
      expect((await b.client.post(`/api/battles/${takenUp.id}/accept`, { defenderPogId: await givePog(db, b.id) })).status).toBe(200);
      expect((await a.client.post(`/api/battles/${takenUp.id}/complete`)).body).toMatchObject({ status: 'completed' });
      clock.advance(20 * 60_000);
      await endUnanswered('decline');

      const noticesBefore = (await notificationsOf(b)).length;
      const refused = await a.client.post('/api/battles', { challengerId: a.id, defenderId: b.id, challengerPogId: await givePog(db, a.id), battleType: 'standard' });
      expect(refused.status).toBe(429);
      // The oldest of the five ended 20 minutes before the last: 40 minutes to wait.
      expect(refused.body).toEqual({ code: 'RATE_LIMITED', message: `${b.username} has not taken up your last ${CHALLENGES.unansweredPerPlayerPerHour} challenges this hour. You can challenge them again in 40 minutes.` });
      expect(Number(refused.headers.get('retry-after'))).toBe(40 * 60);
      expect((await notificationsOf(b)).length).toBe(noticesBefore);
      expect((await a.client.get(`/api/battles/pending/${a.id}`)).body).toEqual([]);
      // Anyone else may still be challenged, and so may this player once the hour is over.
      await challenge(a, c);
      clock.advance(40 * 60_000);
      await challenge(a, b);
    });

    it('completes: worker rolls, the winner takes the loser’s POG live, the seed is revealed and verifies', async () => {
      const { a, b, aPog, bPog, battle } = await acceptedBattle('standard', ['rare', 'epic']);
      const [aSocket, bSocket] = [await socketOf(a), await socketOf(b)];
      const [aUpdates, bUpdates, aPogs, bPogs] = [recordEvents(aSocket, 'battle:updated'), recordEvents(bSocket, 'battle:updated'), recordEvents(aSocket, 'pog:updated'), recordEvents(bSocket, 'pog:updated')];

      const res = await a.client.post(`/api/battles/${battle.id}/complete`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const done = res.body as Battle;
      expect(done).toMatchObject({ status: 'completed', challengerRarity: 'rare', defenderRarity: 'epic', completedAt: clock.now().toISOString() });
      expect([a.id, b.id]).toContain(done.winnerId);
      expect(done.rounds!.length).toBeGreaterThanOrEqual(1);
      const last = done.rounds!.at(-1)!;
      expect(done.challengerRoll).toBe(last.challengerBase + 2);
      expect(done.defenderRoll).toBe(last.defenderBase + 3);
      expect(last.challengerBonus).toBe(2);
      expect(done.seed).toMatch(/^[0-9a-f]{64}$/);
      expect(createHash('sha256').update(Buffer.from(done.seed!, 'hex')).digest('hex')).toBe(battle.seedHash);
      const verdict = await verifyBattle({
        seed: done.seed,
        rollVersion: done.rollVersion,
        challengerSeed: done.challengerSeed,
        defenderSeed: done.defenderSeed,
        seedHash: done.seedHash,
        battleId: done.id,
        battleType: done.battleType,
        challengerRarity: done.challengerRarity,
        defenderRarity: done.defenderRarity,
        rounds: done.rounds,
        challengerRoll: done.challengerRoll,
        defenderRoll: done.defenderRoll,
        winner: done.winnerId === a.id ? 'challenger' : 'defender',
      });
      expect(verdict).toEqual({ ok: true, problems: [] });
      expect((await b.client.get(`/api/battles/${battle.id}/verify`)).body).toEqual({ ok: true, problems: [] });

      // The winner keeps their own POG and takes the loser's.
      const aWon = done.winnerId === a.id;
      const [winner, lostPog] = aWon ? [a, bPog] : [b, aPog];
      expect(await ownerOf(aPog)).toBe(winner.id);
      expect(await ownerOf(bPog)).toBe(winner.id);
      expect(aWon ? done.defenderPog!.userId : done.challengerPog!.userId).toBe(winner.id);
      // The answer is the battle as stored: players, both POGs with their holders' names, the prize's move.
      expect(aWon ? done.defenderPog : done.challengerPog).toMatchObject({ userId: winner.id, username: winner.username, changedHands: true });
      expect(aWon ? done.challengerPog : done.defenderPog).toMatchObject({ userId: winner.id, username: winner.username, changedHands: false });
      expect((await a.client.get(`/api/battles/${battle.id}`)).body).toEqual(done);

      for (const updates of [aUpdates, bUpdates]) await waitFor(() => updates.some((u) => u.id === battle.id && u.status === 'completed'), 5_000, 'battle:updated on both');
      await waitFor(() => (aWon ? aPogs : bPogs).some((p) => p.id === lostPog && p.userId === winner.id), 5_000, 'pog:updated on the winner');
      expect((aWon ? bPogs : aPogs).some((p) => p.id === lostPog)).toBe(true);

      // Only the player who did not press the button is notified.
      const bWon = done.winnerId === b.id;
      const score = `${done.challengerRoll} to ${done.defenderRoll}`;
      // (Achievement notifications may arrive around it, so look it up by kind.)
      expect((await notificationsOf(b)).find((n) => n.kind === 'battle.completed')).toMatchObject({
        title: bWon ? 'Battle won!' : 'Battle lost',
        body: bWon ? `You beat ${a.username} (${score}) and won Red Comet.` : `${a.username} beat you (${score}) and took Blue Moon.`,
      });
      expect((await notificationsOf(a)).some((n) => n.kind === 'battle.completed')).toBe(false);

      // A completed battle is public record; calling complete again gives the stored result.
      const stranger = await player();
      expect((await stranger.client.get(`/api/battles/${battle.id}`)).body).toMatchObject({ id: battle.id, seed: done.seed });
      expect((await stranger.client.get(`/api/battles/history/${winner.id}`)).body.map((x: Battle) => x.id)).toContain(battle.id);
      expect((await stranger.client.post(`/api/battles/${battle.id}/complete`)).status).toBe(403);
      const again = await b.client.post(`/api/battles/${battle.id}/complete`);
      expect(again.body).toMatchObject({ winnerId: done.winnerId, rounds: done.rounds, seed: done.seed });
      expect(await ownerOf(lostPog)).toBe(winner.id);
    });

    /** A completed battle's base rolls, recomputed here from its revealed values with node:crypto alone (docs/rules.md, Battles). */
    function baseRollsOf(reveal: BattleReveal): Array<[number, number]> {
      const key = Buffer.from(reveal.seed, 'hex');
      const prefix = reveal.rollVersion === 2 ? `${reveal.challengerSeed}:${reveal.defenderSeed}:` : '';
      const roll = (round: number, side: string) => {
        for (let k = 0; ; k++) {
          const x = createHmac('sha256', key).update(`${prefix}${reveal.id}:${round}:${side}:${k}`).digest().readUInt32BE(0);
          if (x < 4294967200) return 1 + (x % 100);
        }
      };
      return reveal.rounds.map(({ round }) => [roll(round, 'challenger'), roll(round, 'defender')]);
    }

    it("takes each player's seed with the challenge and the accept, validated and stored, and reveals the server's seed only at the end", async () => {
      const [a, b, c] = [await player(), await player(), await player()];
      const guest = new ApiClient(app.url);
      await givePog(db, b.id, { name: 'Target' });
      const aPog = await givePog(db, a.id, { name: 'Seeded', rarity: 'epic' });
      const body = { challengerId: a.id, defenderId: b.id, challengerPogId: aPog, battleType: 'standard' };
      for (const bad of ['', 'x'.repeat(65), 'a:b', 'white space', 'é', 42, null]) {
        const refused = await a.client.post('/api/battles', { ...body, challengerSeed: bad });
        expect(refused.status, JSON.stringify(bad)).toBe(400);
        expect(refused.body).toMatchObject({ code: 'VALIDATION_ERROR', message: CLIENT_SEED_RULE });
      }
      expect((await a.client.get(`/api/battles/pending/${a.id}`)).body).toEqual([]);

      const created = await a.client.post('/api/battles', { ...body, challengerSeed: 'ringo-Lucky_7' });
      expect(created.status).toBe(201);
      const battle = created.body as Battle;
      expect(battle).toMatchObject({ rollVersion: 2, challengerSeed: 'ringo-Lucky_7', defenderSeed: null, seed: null, seedHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
      const row = async () => (await db.select().from(tables.battles).where(eq(tables.battles.id, battle.id)))[0]!;
      expect(await row()).toMatchObject({ rollVersion: 2, challengerSeed: 'ringo-Lucky_7', defenderSeed: null });
      // Both players see the commitment and the challenger's seed before anything is decided.
      for (const p of [a, b]) {
        const [listed] = (await p.client.get(`/api/battles/pending/${p.id}`)).body as Battle[];
        expect(listed).toMatchObject({ id: battle.id, seedHash: battle.seedHash, challengerSeed: 'ringo-Lucky_7', seed: null });
      }
      // Nobody reads the server's seed yet: 409 to its players, 404 to anyone else.
      for (const path of ['reveal', 'verify']) {
        expect((await guest.get(`/api/battles/${battle.id}/${path}`)).status).toBe(404);
        expect((await c.client.get(`/api/battles/${battle.id}/${path}`)).status).toBe(404);
        expect((await a.client.get(`/api/battles/${battle.id}/${path}`)).status).toBe(409);
      }

      const bPog = await givePog(db, b.id, { name: 'Seeker', rarity: 'rare' });
      for (const bad of ['', 'x'.repeat(65), 'bob:7', 7]) {
        const refused = await b.client.post(`/api/battles/${battle.id}/accept`, { defenderPogId: bPog, defenderSeed: bad });
        expect(refused.status, JSON.stringify(bad)).toBe(400);
        expect(refused.body).toMatchObject({ code: 'VALIDATION_ERROR', message: CLIENT_SEED_RULE });
      }
      expect((await row()).status).toBe('pending');
      const accepted = (await b.client.post(`/api/battles/${battle.id}/accept`, { defenderPogId: bPog, defenderSeed: 'rocky_42' })).body as Battle;
      expect(accepted).toMatchObject({ status: 'accepted', challengerSeed: 'ringo-Lucky_7', defenderSeed: 'rocky_42', seed: null, seedHash: battle.seedHash });
      expect(await row()).toMatchObject({ challengerSeed: 'ringo-Lucky_7', defenderSeed: 'rocky_42' });
      expect((await a.client.get(`/api/battles/${battle.id}/reveal`)).status).toBe(409);
      expect((await a.client.get(`/api/battles/${battle.id}`)).body).toMatchObject({ seed: null, defenderSeed: 'rocky_42' });

      const done = (await b.client.post(`/api/battles/${battle.id}/complete`)).body as Battle;
      expect(done.status).toBe('completed');
      // Public now, without a session: the revealed values, which hash to the commitment and give the recorded rolls.
      const revealed = await guest.get(`/api/battles/${battle.id}/reveal`);
      expect(revealed.status).toBe(200);
      const reveal = revealed.body as BattleReveal;
      expect(reveal).toMatchObject({
        id: battle.id,
        rollVersion: 2,
        seed: done.seed,
        seedHash: battle.seedHash,
        challengerSeed: 'ringo-Lucky_7',
        defenderSeed: 'rocky_42',
        challenger: { id: a.id, username: a.username },
        defender: { id: b.id, username: b.username },
        challengerRarity: 'epic',
        defenderRarity: 'rare',
        rounds: done.rounds,
        challengerRoll: done.challengerRoll,
        defenderRoll: done.defenderRoll,
        winner: done.winnerId === a.id ? 'challenger' : 'defender',
      });
      expect(createHash('sha256').update(Buffer.from(reveal.seed, 'hex')).digest('hex')).toBe(battle.seedHash);
      expect(baseRollsOf(reveal)).toEqual(reveal.rounds.map((r) => [r.challengerBase, r.defenderBase]));
      expect(reveal.rounds.every((r) => r.challengerBonus === BATTLE_BONUS.epic && r.defenderBonus === BATTLE_BONUS.rare)).toBe(true);
      expect((await guest.get(`/api/battles/${battle.id}/verify`)).body).toEqual({ ok: true, problems: [] });
      expect((await guest.get(`/api/battles/${battle.id}`)).status).toBe(401);
    });

    it('draws a seed for a client that sends none, and reveals a battle of rule 1 (no seeds) by its old rule', async () => {
      const { battle } = await challenge(await player(), await player());
      expect(battle).toMatchObject({ rollVersion: 2, challengerSeed: expect.stringMatching(/^[0-9a-f]{32}$/) });

      const [a, b] = [await player(), await player()];
      const [aPog, bPog] = [await givePog(db, a.id, { rarity: 'legendary' }), await givePog(db, b.id)];
      const seed = generateSeed();
      const seedHash = createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex');
      // A battle accepted before players gave seeds, as the migration left it.
      const [old] = await db
        .insert(tables.battles)
        .values({ status: 'accepted', battleType: 'championship', challengerId: a.id, defenderId: b.id, challengerPogId: aPog, defenderPogId: bPog, challengerRarity: 'legendary', defenderRarity: 'common', seed, seedHash, expiresAt: new Date(clock.now().getTime() + HOUR) })
        .returning();
      expect((await a.client.get(`/api/battles/${old!.id}`)).body).toMatchObject({ rollVersion: 1, challengerSeed: null, defenderSeed: null });
      expect((await a.client.post(`/api/battles/${old!.id}/complete`)).status).toBe(200);
      const reveal = (await new ApiClient(app.url).get(`/api/battles/${old!.id}/reveal`)).body as BattleReveal;
      expect(reveal).toMatchObject({ rollVersion: 1, seed, challengerSeed: null, defenderSeed: null });
      expect(baseRollsOf(reveal)).toEqual(reveal.rounds.map((r) => [r.challengerBase, r.defenderBase]));
      expect((await b.client.get(`/api/battles/${old!.id}/verify`)).body).toEqual({ ok: true, problems: [] });
    });

    it('tells the other player of a coin flip in heads and tails: challenger Heads, defender Tails', async () => {
      const { a, b, battle } = await acceptedBattle('flip');
      const done = (await a.client.post(`/api/battles/${battle.id}/complete`)).body as Battle;
      expect(done.status).toBe('completed');
      const bWon = done.winnerId === b.id;
      const face = bWon ? 'Tails' : 'Heads';
      const notice = (await notificationsOf(b)).find((n) => n.kind === 'battle.completed');
      expect(notice).toMatchObject({
        body: bWon ? `The coin landed ${face}: you beat ${a.username} and won Red Comet.` : `The coin landed ${face}: ${a.username} beat you and took Blue Moon.`,
      });
      expect(notice!.body).not.toMatch(/\d+ to \d+/);
    });

    it('hides an open battle from other players', async () => {
      const [a, b, c] = [await player(), await player(), await player()];
      const { battle } = await challenge(a, b);
      expect((await c.client.get(`/api/battles/${battle.id}`)).status).toBe(404);
      expect((await b.client.get(`/api/battles/${battle.id}`)).body).toMatchObject({ id: battle.id, seed: null });
      expect((await a.client.get(`/api/battles/${battle.id}/verify`)).status).toBe(409);
    });

    it('gives one result and one transfer when both players complete at once', async () => {
      for (let round = 0; round < 3; round++) {
        const { a, b, aPog, bPog, battle } = await acceptedBattle('championship');
        const answers = await Promise.all([a.client.post(`/api/battles/${battle.id}/complete`), b.client.post(`/api/battles/${battle.id}/complete`), a.client.post(`/api/battles/${battle.id}/complete`)]);
        for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        const [first, ...rest] = answers.map((x) => x.body as Battle);
        for (const other of rest) expect(other).toMatchObject({ winnerId: first!.winnerId, rounds: first!.rounds, challengerRoll: first!.challengerRoll });
        const owners = await db.select({ userId: tables.pogs.userId }).from(tables.pogs).where(inArray(tables.pogs.id, [aPog, bPog]));
        expect(owners.map((o) => o.userId)).toEqual([first!.winnerId, first!.winnerId]);
        const completedNotes = [...(await notificationsOf(a)), ...(await notificationsOf(b))].filter((n) => n.kind === 'battle.completed');
        expect(completedNotes).toHaveLength(1);
      }
    });

    it('settles completions that arrive together in one group, each with its own result and one transfer per battle', async () => {
      const first = await acceptedBattle();
      const second = await acceptedBattle('championship', ['legendary', 'common']);
      const { battle: pending } = await challenge(await player(), await player());
      const outsider = await player();
      const seen = new Map<number, { updated: Battle[]; notes: ReturnType<typeof recordEvents<'notification'>> }>();
      for (const p of [first.a, first.b, second.a, second.b]) {
        const socket = await socketOf(p);
        seen.set(p.id, { updated: recordEvents(socket, 'battle:updated') as Battle[], notes: recordEvents(socket, 'notification') });
      }

      const results = await completeBattles(
        db,
        [
          { battleId: first.battle.id, actorId: first.a.id },
          { battleId: second.battle.id, actorId: null },
          { battleId: first.battle.id, actorId: first.b.id },
          { battleId: pending.id, actorId: pending.challengerId },
          { battleId: asBattleId(2_000_000_000), actorId: first.a.id },
          { battleId: second.battle.id, actorId: outsider.id },
        ],
        clock.now(),
      );
      const [one, two, oneAgain, stillPending, unknown, meddling] = results.map((r) => (r.ok ? r.value : r.error));
      expect(one).toMatchObject({ status: 'completed', battle: { id: first.battle.id, status: 'completed', seed: expect.stringMatching(/^[0-9a-f]{64}$/) } });
      expect(two).toMatchObject({ status: 'completed', battle: { id: second.battle.id, status: 'completed' } });
      expect(oneAgain).toMatchObject({ status: 'already-completed', battle: { id: first.battle.id, rounds: (one as Completion).battle.rounds, winnerId: (one as Completion).battle.winnerId } });
      expect(stillPending).toBeInstanceOf(ConflictError);
      expect((stillPending as ConflictError).message).toBe('This battle cannot be completed: it is pending.');
      expect(unknown).toBeInstanceOf(NotFoundError);
      expect((unknown as NotFoundError).message).toBe('That battle does not exist.');
      expect(meddling).toBeInstanceOf(ForbiddenError);
      expect((await db.select({ status: tables.battles.status }).from(tables.battles).where(eq(tables.battles.id, pending.id)))[0]?.status).toBe('pending');

      for (const [{ a, b, aPog, bPog }, done] of [[first, one], [second, two]] as const) {
        const battle = (done as Completion).battle;
        expect(await verifyBattle({ ...battle, battleId: battle.id, seed: battle.seed!, winner: battle.winnerId === a.id ? 'challenger' : 'defender' })).toEqual({ ok: true, problems: [] });
        expect([await ownerOf(aPog), await ownerOf(bPog)]).toEqual([battle.winnerId, battle.winnerId]);
        // Both players see the completion live, once.
        for (const p of [a, b]) {
          await waitFor(() => seen.get(p.id)!.updated.some((u) => u.id === battle.id && u.status === 'completed'), 5_000, 'battle:updated');
          expect(seen.get(p.id)!.updated.filter((u) => u.id === battle.id)).toHaveLength(1);
        }
      }
      // The first battle was completed by its challenger, so only the defender is told; the system
      // completed the second, so both of its players are.
      const told = async (p: Player) => (await notificationsOf(p)).filter((n) => n.kind === 'battle.completed').length;
      expect([await told(first.a), await told(first.b), await told(second.a), await told(second.b)]).toEqual([0, 1, 1, 1]);
    });

    it('retries a group whose transaction failed one battle at a time, with nothing of the failed try committed', async () => {
      const group = [await acceptedBattle(), await acceptedBattle('flip'), await acceptedBattle('championship')];
      let commits = 0;
      const results = await completeBattles(
        db,
        group.map(({ battle, b }) => ({ battleId: battle.id, actorId: b.id })),
        clock.now(),
        {
          beforeCommit: async () => {
            commits += 1;
            if (commits === 1) throw new Error('the connection dropped');
          },
        },
      );
      // One failed try for the group, then one commit per battle.
      expect(commits).toBe(1 + group.length);
      for (const [i, { a, aPog, bPog }] of group.entries()) {
        const result = results[i]!;
        expect(result.ok).toBe(true);
        const { status, battle } = (result as { value: Completion }).value;
        expect(status).toBe('completed');
        expect([await ownerOf(aPog), await ownerOf(bPog)]).toEqual([battle.winnerId, battle.winnerId]);
        expect((await notificationsOf(a)).filter((n) => n.kind === 'battle.completed')).toHaveLength(1);
      }
    });

    it('expires pending battles and completes abandoned accepted ones after 24 hours', async () => {
      const [a, b] = [await player(), await player()];
      const { battle: pending } = await challenge(a, b);
      const { a: c, b: d, battle: accepted } = await acceptedBattle('flip');
      const sweep = () => app.runtime.queue.run('battles.sweep', {});

      clock.advance(23 * HOUR);
      await sweep();
      expect((await a.client.get(`/api/battles/${pending.id}`)).body.status).toBe('pending');
      expect((await c.client.get(`/api/battles/${accepted.id}`)).body.status).toBe('accepted');

      clock.advance(HOUR + 1000);
      const result = await sweep();
      expect(result.expired).toBeGreaterThanOrEqual(1);
      expect(result.completed).toBeGreaterThanOrEqual(1);
      expect((await a.client.get(`/api/battles/${pending.id}`)).body.status).toBe('expired');
      const done = (await c.client.get(`/api/battles/${accepted.id}`)).body as Battle;
      expect(done).toMatchObject({ status: 'completed', seed: expect.any(String) });
      expect(done.rounds!.every((r) => r.challengerBonus === 0 && r.defenderBonus === 0)).toBe(true);
      expect((await notificationsOf(a))[0]).toMatchObject({ kind: 'battle.expired', body: `Your challenge to ${b.username} expired: it was not answered within a day.` });
      expect((await notificationsOf(b))[0]!.kind).toBe('battle.expired');
      // Nobody pressed the button, so both players are told.
      for (const p of [c, d]) expect((await notificationsOf(p)).filter((n) => n.kind === 'battle.completed')).toHaveLength(1);
      // A later sweep leaves them alone.
      const before = await notificationsOf(c);
      await sweep();
      expect(await notificationsOf(c)).toEqual(before);
      expect((await c.client.get(`/api/battles/${accepted.id}`)).body).toEqual(done);
    });

    it("ends the pending offers of the POG a battle moved, and only those, telling the offers' players", async () => {
      const [a, b, c, d] = [await player(), await player(), await player(), await player()];
      const aPog = await givePog(db, a.id, { name: 'Red Comet' });
      const bPog = await givePog(db, b.id, { name: 'Blue Moon' });
      const created = (await a.client.post('/api/battles', { challengerId: a.id, defenderId: b.id, challengerPogId: aPog, battleType: 'standard' })).body as Battle;
      // Offers for both POGs, made while the battle is pending: only the loser's POG moves.
      const offers = new Map<PogId, TradeId>();
      for (const [from, to, wanted] of [[c, a, aPog], [d, b, bPog]] as const) {
        const res = await from.client.post('/api/trades', { fromUserId: from.id, toUserId: to.id, offerPogId: await givePog(db, from.id), requestPogId: wanted });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        offers.set(wanted, res.body.id);
      }
      expect((await b.client.post(`/api/battles/${created.id}/accept`, { defenderPogId: bPog })).status).toBe(200);
      const done = (await a.client.post(`/api/battles/${created.id}/complete`)).body as Battle;
      const [lostPog, keptPog, lostBy, keptBy] = done.winnerId === a.id ? [bPog, aPog, d, c] : [aPog, bPog, c, d];
      const status = async (id: TradeId) => (await db.select({ status: tables.trades.status }).from(tables.trades).where(eq(tables.trades.id, id)))[0]?.status;
      expect(await status(offers.get(lostPog)!)).toBe('cancelled');
      expect(await status(offers.get(keptPog)!)).toBe('pending');
      expect((await notificationsOf(lostBy)).some((n) => n.body.includes('one of its POGs changed hands in a battle'))).toBe(true);
      expect((await notificationsOf(keptBy)).some((n) => n.body.includes('changed hands in a battle'))).toBe(false);
    });

    it('cancels pending battles of a moved POG or a banned player, and reports POGs locked in accepted ones', async () => {
      const [a, b, c] = [await player(), await player(), await player()];
      const { battle: byPog, pogId } = await challenge(a, b);
      const { battle: byUser } = await challenge(c, b);
      const { aPog, bPog, battle: accepted } = await acceptedBattle();
      const updates = recordEvents(await socketOf(a), 'battle:updated');
      await inUnitOfWork(db, clock.now(), async (uow) => {
        await cancelBattlesFor(uow, { pogIds: [pogId, aPog] }, 'traded');
        await cancelBattlesFor(uow, { userId: c.id }, 'banned');
        expect(await pogsInAcceptedBattles(uow.tx, [pogId, aPog, bPog])).toEqual(expect.arrayContaining([aPog, bPog]));
        expect(await pogsInAcceptedBattles(uow.tx, [pogId])).toEqual([]);
      });
      expect((await a.client.get(`/api/battles/${byPog.id}`)).body.status).toBe('cancelled');
      expect((await b.client.get(`/api/battles/${byUser.id}`)).body.status).toBe('cancelled');
      expect((await b.client.get(`/api/battles/${accepted.id}`)).status).toBe(404); // b is not in it
      expect((await db.select().from(tables.battles).where(eq(tables.battles.id, accepted.id)))[0]!.status).toBe('accepted');
      await waitFor(() => updates.some((u) => u.id === byPog.id && u.status === 'cancelled'), 5_000, 'battle:updated');
      expect((await notificationsOf(a))[0]).toMatchObject({ kind: 'battle.cancelled', body: 'A battle challenge was cancelled because one of its POGs was traded away.' });
      expect((await notificationsOf(b)).filter((n) => n.kind === 'battle.cancelled')).toHaveLength(2);
      expect((await notificationsOf(c)).some((n) => n.kind === 'battle.cancelled')).toBe(false);
    });
  });
});
