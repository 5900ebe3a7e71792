/**
 * What a challenge and its accept cost the database, and what they store: each writes its battle
 * and the other player's notice in one statement (the notice pushed with the id the database gave
 * it), and a challenge asks in that statement whether the defender could risk a POG. The statements
 * (each a round trip) are counted at the driver on a PostgreSQL server.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { battleLink } from '@pog/common/notifications/links';
import { userStream } from '@pog/common/realtime/streams';
import type { BattleId, PogId, UserId } from '@pog/common/schemas/ids';
import type { Database } from '../db/client';
import { battles, notifications, outboxEvents } from '../db/schema';
import { openWithPlayers, randomTag, TEST_BACKENDS } from '../testing/backends';
import { insertPog } from '../testing/pogs';
import { expectOneTransaction, statementsOf } from '../testing/statements';
import { acceptBattle, createBattle } from './commands';

/**
 * A database opened before a suite's tests with these players (`prefix` and a tag of the suite's
 * own), closed after them; `ownPog` gives a player a POG they can risk.
 */
function duelists(open: () => Promise<Database>, prefix: string, names: string[], skip = false) {
  const tag = randomTag();
  const suite = { tag, database: undefined as unknown as Database, players: [] as UserId[] };
  beforeAll(async () => {
    if (skip) return;
    ({ database: suite.database, players: suite.players } = await openWithPlayers(open, names.map((n) => `${prefix}${n}_${tag}`)));
  }, 60_000);
  afterAll(async () => {
    await suite.database?.close();
  });
  const ownPog = async (userId: UserId) => (await insertPog(suite.database.db, { userId, creatorId: userId, name: `Risked ${tag}`, maxTrades: 15, tradesRemaining: 15 })).id;
  return { suite, ownPog };
}

describe.each(TEST_BACKENDS)('a challenge and its accept on $name', ({ skip, open }) => {
  const { suite, ownPog } = duelists(open, 'duel', ['a', 'b', 'c', 'd'], skip);
  const { tag } = suite;
  const now = new Date();

  /** The player's latest notice, and the `notification` event their stream last carried. */
  async function lastNotice(userId: UserId) {
    const [row] = await suite.database.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id)).limit(1);
    const [event] = await suite.database.db
      .select({ payload: outboxEvents.payload })
      .from(outboxEvents)
      .where(and(eq(outboxEvents.stream, userStream(userId)), eq(outboxEvents.name, 'notification')))
      .orderBy(desc(outboxEvents.id))
      .limit(1);
    return { row, pushed: event?.payload as { id: number; link: string; createdAt: string } | undefined };
  }

  it.skipIf(skip)('stores each notice with its battle and pushes it with the id and time it was stored with', async () => {
    const [a, b] = suite.players as [UserId, UserId];
    const [aPog, bPog] = [await ownPog(a), await ownPog(b)];
    const created = await createBattle(suite.database.db, a, { challengerId: a, defenderId: b, challengerPogId: aPog, battleType: 'standard' }, now);
    const challenged = await lastNotice(b);
    expect(challenged.row).toMatchObject({ kind: 'battle.challenged', link: battleLink(created.id), body: `duela_${tag} challenged you to a standard battle, risking Risked ${tag}.` });
    expect(challenged.pushed).toMatchObject({ id: challenged.row!.id, link: battleLink(created.id), createdAt: challenged.row!.createdAt.toISOString() });

    await acceptBattle(suite.database.db, created.id, b, bPog, now);
    const accepted = await lastNotice(a);
    expect(accepted.row).toMatchObject({ kind: 'battle.accepted', link: battleLink(created.id), body: `duelb_${tag} accepted your challenge, risking Risked ${tag}. Flip and battle!` });
    expect(accepted.pushed).toMatchObject({ id: accepted.row!.id, link: battleLink(created.id), createdAt: accepted.row!.createdAt.toISOString() });
  });

  it.skipIf(skip)('refuses to challenge a player with no POG they could risk, and stores neither the battle nor a notice', async () => {
    const [, , c, d] = suite.players as [UserId, UserId, UserId, UserId];
    const cPog = await ownPog(c);
    const attempt = createBattle(suite.database.db, c, { challengerId: c, defenderId: d, challengerPogId: cPog, battleType: 'standard' }, now);
    await expect(attempt).rejects.toThrow(`dueld_${tag} has no POG they could risk in a battle right now, so they cannot be challenged.`);
    expect(await suite.database.db.select().from(battles).where(eq(battles.challengerId, c))).toEqual([]);
    expect((await lastNotice(d)).row).toBeUndefined();
  });
});

const postgres = TEST_BACKENDS.find((backend) => backend.name.startsWith('PostgreSQL'))!;

describe.skipIf(postgres.skip)('what a challenge and its accept cost on PostgreSQL', () => {
  const { suite, ownPog } = duelists(postgres.open, 'count', ['c', 'd']);
  const now = new Date();

  it('challenges in one transaction of six statements and accepts in seven after one read', async () => {
    const [c, d] = suite.players as [UserId, UserId];
    const pogs: PogId[] = [];
    for (let i = 0; i < 4; i++) pogs.push(await ownPog(i % 2 ? d : c));
    // The first challenge and accept prepare the statements on their connection; the next ones are what each costs.
    const first = await createBattle(suite.database.db, c, { challengerId: c, defenderId: d, challengerPogId: pogs[0]!, battleType: 'standard' }, now);
    await acceptBattle(suite.database.db, first.id, d, pogs[1]!, now);
    let second: BattleId | undefined;
    const challenge = await statementsOf(async () => {
      second = (await createBattle(suite.database.db, c, { challengerId: c, defenderId: d, challengerPogId: pogs[2]!, battleType: 'standard' }, now)).id;
    });
    expectOneTransaction(challenge, 6);
    const accept = await statementsOf(() => acceptBattle(suite.database.db, second!, d, pogs[3]!, now));
    expect(accept[0]).toMatch(/FROM battles b WHERE b.id = \$1::int$/);
    expectOneTransaction(accept.slice(1), 7);
  });
});
