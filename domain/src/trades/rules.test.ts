/**
 * The trade commands' hand-written statements against the database, on both databases: the daily
 * limit (offers sent since midnight UTC, raised by completed achievements' trade rewards, in one
 * statement) and the locks every command takes first (players and POGs, in id order).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACHIEVEMENTS } from '@pog/common/achievements/catalogue';
import { LIMITS } from '@pog/common/constants';
import { asPogId, asUserId, type UserId } from '@pog/common/schemas/ids';
import type { Database } from '../db/client';
import { trades, userAchievements } from '../db/schema';
import { lockPlayers } from '../moderation/player-locks';
import { lockPogs } from '../pogs/locks';
import { openWithPlayers, TEST_BACKENDS } from '../testing/backends';
import { insertPog } from '../testing/pogs';
import { assertUnderDailyLimit } from './rules';


const run = `${process.pid}${Date.now()}`;
const now = new Date('2031-05-06T12:00:00Z');
const withTradeReward = ACHIEVEMENTS.filter((a) => a.tradeReward > 0);

describe.each(TEST_BACKENDS)('trade rules on $name', ({ open, skip }) => {
  let database: Database;
  let sender: UserId;
  let other: UserId;

  beforeAll(async () => {
    if (skip) return;
    const opened = await openWithPlayers(open, ['s', 'o'].map((n) => `rules${n}_${run}`));
    database = opened.database;
    [sender, other] = opened.players as [UserId, UserId];
  }, 60_000);

  afterAll(async () => {
    if (!skip) await database.close();
  });

  const check = () => database.db.transaction((tx) => assertUnderDailyLimit(tx, sender, now));
  const sent = (count: number, at: Date) =>
    database.db.insert(trades).values(Array.from({ length: count }, () => ({ fromUserId: sender, toUserId: other, status: 'rejected' as const, createdAt: at, expiresAt: at })));

  it.skipIf(skip)('counts only today’s offers, and completed achievements raise the limit', async () => {
    expect(withTradeReward.length).toBeGreaterThan(0);
    await sent(LIMITS.dailyTradeLimit, new Date('2031-05-05T23:59:59Z')); // yesterday
    await sent(LIMITS.dailyTradeLimit - 1, new Date('2031-05-06T00:00:00Z'));
    await expect(check()).resolves.toBeUndefined();
    await sent(1, new Date('2031-05-06T11:00:00Z'));
    await expect(check()).rejects.toMatchObject({ code: 'DAILY_LIMIT', message: expect.stringContaining(`limit of ${LIMITS.dailyTradeLimit} trade offers`) as string });
    await database.db.insert(userAchievements).values(withTradeReward.map((a) => ({ userId: sender, achievementId: a.id })));
    await expect(check()).resolves.toBeUndefined();
    const raised = LIMITS.dailyTradeLimit + withTradeReward.reduce((sum, a) => sum + a.tradeReward, 0);
    await sent(raised - LIMITS.dailyTradeLimit, new Date('2031-05-06T11:30:00Z'));
    await expect(check()).rejects.toMatchObject({ code: 'DAILY_LIMIT', message: expect.stringContaining(`limit of ${raised} trade offers`) as string });
  });

  it.skipIf(skip)('locks players and POGs and reads them as they are (absent ones left out)', async () => {
    const pog = await insertPog(database.db, { userId: other, creatorId: sender, name: `Locked ${run}`, maxTrades: 3, tradesRemaining: 2 });
    await database.db.transaction(async (tx) => {
      const players = await lockPlayers(tx, [
        { id: other, mode: 'share' },
        { id: sender, mode: 'limits' },
        { id: asUserId(2_000_000_000), mode: 'share' },
      ]);
      expect([...players.keys()]).toEqual([sender, other].sort((a, b) => a - b));
      expect(players.get(sender)).toEqual({ id: sender, username: `ruless_${run}`, avatarColor: '#6366F1', isBanned: false, banReason: null });
      const found = await lockPogs(tx, [pog!.id, null, pog!.id, asPogId(2_000_000_000)]);
      expect([...found.keys()]).toEqual([pog!.id]);
      expect(found.get(pog!.id)).toEqual(pog);
    });
  });
});
