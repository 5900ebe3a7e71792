/**
 * Conservation: 200 random battles among 20 players, ten at a time, with completes from
 * one player or both at once. Afterwards every POG still exists, has exactly one owner, and that owner
 * is the one a replay of the battle results predicts; every battle verifies from its revealed seed.
 */
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RARITIES, seededRandom, type Battle } from '@pog/common';
import { ManualClock } from '@pog/domain/clock';
import { tables, type Db } from '@pog/domain/db';
import { createPlayer, givePog } from '../testing/factories';
import { setupTitle, TEST_SETUPS } from '../testing/databases';
import { startTestApp, type TestApp } from '../testing/test-app';
import type { PogId, UserId } from '@pog/common/schemas/ids';

const PLAYERS = 20;
const POGS_EACH = 3;
const BATTLES = 200;

describe.each(TEST_SETUPS)('Battle conservation', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    let db: Db;
    beforeAll(async () => {
      app = await startTestApp({ backend: setup.backend, env: setup.env, clock: new ManualClock(new Date('2030-06-01T12:00:00Z')) });
      db = app.runtime.db;
    });
    afterAll(async () => {
      await app?.close();
    });

    it(`after ${BATTLES} random battles among ${PLAYERS} players, every POG has exactly one owner and none is lost`, async () => {
      const seed = Date.now();
      // Seeded, so that a failing run can be replayed.
      const rand = seededRandom(seed);
      const pick = <T>(items: T[]): T => items[Math.floor(rand() * items.length)]!;
      const players = await Promise.all(Array.from({ length: PLAYERS }, () => createPlayer(app, 'cons')));
      /** What the battles' results say each POG's owner should be. */
      const expectedOwner = new Map<PogId, UserId>();
      for (const p of players) {
        for (let i = 0; i < POGS_EACH; i++) expectedOwner.set(await givePog(db, p.id, { rarity: pick([...RARITIES]) }), p.id);
      }
      const pogsOf = (userId: UserId) => [...expectedOwner].filter(([, owner]) => owner === userId).map(([pogId]) => pogId);

      const completed: Battle[] = [];
      for (let round = 0; completed.length < BATTLES && round < BATTLES; round++) {
        const shuffled = [...players].sort(() => rand() - 0.5);
        const pairs = Array.from({ length: PLAYERS / 2 }, (_, i) => [shuffled[2 * i]!, shuffled[2 * i + 1]!] as const)
          .filter(([x, y]) => pogsOf(x.id).length > 0 && pogsOf(y.id).length > 0)
          .slice(0, BATTLES - completed.length);
        const results = await Promise.all(
          pairs.map(async ([x, y]) => {
            const battleType = pick(['standard', 'championship', 'flip'] as const);
            const created = await x.client.post('/api/battles', { challengerId: x.id, defenderId: y.id, challengerPogId: pick(pogsOf(x.id)), battleType });
            expect(created.status, JSON.stringify(created.body)).toBe(201);
            const accepted = await y.client.post(`/api/battles/${created.body.id}/accept`, { defenderPogId: pick(pogsOf(y.id)) });
            expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
            const path = `/api/battles/${created.body.id}/complete`;
            const who = rand();
            const answers = await Promise.all(who < 0.4 ? [x.client.post(path)] : who < 0.8 ? [y.client.post(path)] : [x.client.post(path), y.client.post(path)]);
            for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
            const [first, second] = answers.map((a) => a.body as Battle);
            if (second) expect(second.rounds).toEqual(first!.rounds);
            return first!;
          }),
        );
        for (const battle of results) {
          const loserPog = battle.winnerId === battle.challengerId ? battle.defenderPogId! : battle.challengerPogId!;
          expectedOwner.set(loserPog, battle.winnerId!);
          completed.push(battle);
        }
      }
      expect(completed, `seed ${seed}`).toHaveLength(BATTLES);

      const rows = await db.select({ id: tables.pogs.id, userId: tables.pogs.userId }).from(tables.pogs).where(inArray(tables.pogs.id, [...expectedOwner.keys()]));
      expect(rows, `seed ${seed}`).toHaveLength(PLAYERS * POGS_EACH);
      expect(new Map(rows.map((r) => [r.id, r.userId])), `seed ${seed}`).toEqual(expectedOwner);
      const battleRows = await db.select().from(tables.battles).where(inArray(tables.battles.id, completed.map((b) => b.id)));
      expect(battleRows.every((b) => b.status === 'completed')).toBe(true);

      const sample = completed.filter((_, i) => i % 10 === 0);
      for (const battle of sample) {
        const verdict = await players.find((p) => p.id === battle.challengerId)!.client.get(`/api/battles/${battle.id}/verify`);
        expect(verdict.body, `battle ${battle.id}`).toEqual({ ok: true, problems: [] });
      }
    }, 240_000);
  });
});
