/**
 * What a trade offer, its accept and a counter-offer cost the database: the statements (each a
 * round trip) createTrade, answerTrade and counterTrade send on a PostgreSQL server, counted at the
 * driver. An offer is the busiest write players make, and every statement is a round trip and a
 * wake-up of a server process on the request's path.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { PogId, UserId } from '@pog/common/schemas/ids';
import type { Database } from '../db/client';
import { openWithPlayers, randomTag, TEST_BACKENDS } from '../testing/backends';
import { insertPog } from '../testing/pogs';
import { expectOneTransaction, statementsOf } from '../testing/statements';
import { answerTrade, createTrade } from './commands';
import { counterTrade } from './counter';

const postgres = TEST_BACKENDS.find((backend) => backend.name.startsWith('PostgreSQL'))!;

describe.skipIf(postgres.skip)('trade commands on PostgreSQL', () => {
  let database: Database;
  /** A POG of the player's own design, with trades left, in no offer yet. */
  const ownPog = (userId: UserId, name: string) => insertPog(database.db, { userId, creatorId: userId, name, maxTrades: 15, tradesRemaining: 15 });
  let players: UserId[];
  const owned: PogId[] = [];

  beforeAll(async () => {
    const tag = randomTag();
    ({ database, players } = await openWithPlayers(postgres.open, ['a', 'b', 'c'].map((n) => `offer${n}_${tag}`)));
    for (const userId of players) {
      owned.push((await ownPog(userId, `Offered ${userId}`)).id);
    }
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  it('is one transaction of six statements: BEGIN with its settings, four, COMMIT', async () => {
    const [a, b, c] = players as [UserId, UserId, UserId];
    const now = new Date();
    // The first offer prepares the statements on its connection; the next one is what every offer costs.
    await createTrade(database.db, a, { fromUserId: a, toUserId: b, offerPogId: owned[0]!, requestPogId: owned[1]! }, now);
    const sent = await statementsOf(() => createTrade(database.db, a, { fromUserId: a, toUserId: c, offerPogId: owned[0]!, requestPogId: owned[2]! }, now));
    expectOneTransaction(sent, 6);
  });

  it('accepts in one transaction of eleven statements: BEGIN with its settings, nine, COMMIT', async () => {
    const [, b, c] = players as [UserId, UserId, UserId];
    const now = new Date();
    // POGs in no other offer: the accept has nothing else to cancel, as most have not.
    const [offered, asked] = [await ownPog(b, `Swapped ${b}`), await ownPog(c, `Swapped ${c}`)];
    const offer = await createTrade(database.db, b, { fromUserId: b, toUserId: c, offerPogId: offered.id, requestPogId: asked.id }, now);
    const sent = await statementsOf(() => answerTrade(database.db, offer.id, c, 'accepted', now));
    expectOneTransaction(sent, 11);
  });

  it('counters in one transaction of fourteen statements: BEGIN with its settings, twelve, COMMIT', async () => {
    const [, b, c] = players as [UserId, UserId, UserId];
    const now = new Date();
    const [offered, asked, instead] = [await ownPog(b, `Countered ${b}`), await ownPog(c, `Countered ${c}`), await ownPog(b, `Asked instead ${b}`)];
    const offer = await createTrade(database.db, b, { fromUserId: b, toUserId: c, offerPogId: offered.id, requestPogId: asked.id }, now);
    const sent = await statementsOf(() => counterTrade(database.db, offer.id, c, { offerPogId: asked.id, requestPogId: instead.id }, now));
    expectOneTransaction(sent, 14);
  });
});
