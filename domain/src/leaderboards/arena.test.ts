/**
 * The weekly arena on both databases: points (a win 2, a loss 0), the doubling from the third
 * consecutive win, the per-pair daily cap, the week's boundaries on a manual clock, a completion
 * retried after a failed transaction scoring once, and two colluding accounts trading wins all day
 * staying behind a player who wins five honest battles.
 *
 * Every test plays in its own arena week, far in the future and drawn at random, so that tests
 * sharing a database never see each other's boards.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArenaBattle } from '@pog/common/arena/rules';
import type { BattleId, PogId, UserId } from '@pog/common/schemas/ids';
import type { Database } from '../db/client';
import { ManualClock } from '../clock';
import { users } from '../db/schema';
import { randomTag, TEST_BACKENDS } from '../testing/backends';
import { insertPog } from '../testing/pogs';
import { acceptBattle, createBattle } from '../battles/commands';
import { completeBattles } from '../battles/resolve';
import { readArenaBadges, readArenaBoard, scoreArena } from './arena';
import { eq } from 'drizzle-orm';

const DAY = 86_400_000;
/** A Monday 00:00 UTC, random weeks after 2100-01-04 (a Monday). */
const randomMonday = () => new Date(Date.UTC(2100, 0, 4) + randomInt(0, 40_000) * 7 * DAY);

describe.each(TEST_BACKENDS)('the weekly arena on $name', ({ open, skip }) => {
  let database: Database;
  const tag = randomTag();
  let nextBattle = randomInt(1_000_000_000, 2_000_000_000);

  beforeAll(async () => {
    if (!skip) database = await open();
  }, 60_000);
  afterAll(async () => {
    if (!skip) await database.close();
  });

  async function players(count: number, prefix: string): Promise<UserId[]> {
    const names = Array.from({ length: count }, (_, i) => `${prefix}${i}${tag}`);
    const rows = await database.db.insert(users).values(names.map((username) => ({ username, displayName: username, passwordHash: 'x' }))).returning({ id: users.id });
    return rows.map((r) => r.id);
  }
  /** Scores one battle won by `winner` at `at`, as the completion's unit of work does. */
  const win = (winner: UserId, loser: UserId, at: Date, battleId = nextBattle++) =>
    database.db.transaction((tx) => scoreArena(tx, at, [{ battleId, winnerId: winner, loserId: loser }]));
  const pointsOf = async (userId: UserId, at: Date) => (await readArenaBoard(database.db, { page: 1 }, userId, at)).me?.points ?? 0;

  it.skipIf(skip)('scores 2 a win and 0 a loss, and 4 from the third consecutive win; a loss ends the run', async () => {
    const monday = randomMonday();
    const [ann, ...others] = await players(8, 'pts');
    const at = new Date(monday.getTime() + 10 * 3_600_000);
    for (const other of others.slice(0, 5)) await win(ann!, other, at);
    expect(await pointsOf(ann!, at)).toBe(2 + 2 + 4 + 4 + 4);
    expect(await pointsOf(others[0]!, at)).toBe(0);
    await win(others[5]!, ann!, at);
    await win(ann!, others[6]!, at);
    const board = await readArenaBoard(database.db, { page: 1 }, ann, at);
    expect(board.me).toMatchObject({ rank: 1, points: 18, wins: 6, battles: 7, streak: 1 });
    expect(board.entries.map((e) => [e.userId, e.points])).toEqual([[ann, 18], [others[5], 2]]);
  });

  it.skipIf(skip)('counts at most three battles a UTC day between the same two players, whoever wins', async () => {
    const monday = randomMonday();
    const [ann, bob, cid] = await players(3, 'cap');
    const day1 = new Date(monday.getTime() + 3_600_000);
    await win(ann!, bob!, day1);
    await win(bob!, ann!, day1);
    await win(ann!, bob!, day1);
    // The fourth and fifth of the day score nothing and leave the runs alone.
    await win(ann!, bob!, day1);
    await win(ann!, bob!, day1);
    expect([await pointsOf(ann!, day1), await pointsOf(bob!, day1)]).toEqual([4, 2]);
    // Another opponent is another pair.
    await win(ann!, cid!, day1);
    expect(await pointsOf(ann!, day1)).toBe(6);
    // Two battles in one group past the cap: still at most three for the pair.
    await database.db.transaction((tx) => scoreArena(tx, day1, [{ battleId: nextBattle++, winnerId: bob!, loserId: ann! }, { battleId: nextBattle++, winnerId: bob!, loserId: ann! }]));
    expect(await pointsOf(bob!, day1)).toBe(2);
    // The next UTC day the pair counts again: ann's run (2 scoring wins) goes on to a double.
    const day2 = new Date(monday.getTime() + DAY);
    await win(ann!, bob!, day2);
    expect(await pointsOf(ann!, day2)).toBe(6 + 4);
  });

  it.skipIf(skip)('starts each arena at Monday 00:00 UTC with no points and no runs, and says how long is left', async () => {
    const monday = randomMonday();
    const clock = new ManualClock(new Date(monday.getTime() - 1000));
    const [ann, bob, cid, dan] = await players(4, 'wk');
    // Sunday 23:59:59: the old week, a run of three.
    await win(ann!, bob!, clock.now());
    await win(ann!, cid!, clock.now());
    await win(ann!, dan!, clock.now());
    const before = await readArenaBoard(database.db, { page: 1 }, ann, clock.now());
    expect(before).toMatchObject({ secondsLeft: 1, endsAt: monday.toISOString(), me: { points: 8, streak: 3 } });
    clock.advance(1000);
    // Monday 00:00:00: a new arena; the win scores 2 again (no run carried over).
    await win(ann!, bob!, clock.now());
    const after = await readArenaBoard(database.db, { page: 1 }, ann, clock.now());
    expect(after.weekStart).toBe(monday.toISOString().slice(0, 10));
    expect(after.secondsLeft).toBe(7 * 86_400);
    expect(after.me).toMatchObject({ rank: 1, points: 2, streak: 1 });
    // Last week's winners: ann first, then the others had no points.
    expect(after.lastWeek.winners.map((w) => [w.userId, w.points])).toEqual([[ann, 8]]);
    expect(await readArenaBadges(database.db, ann!, clock.now())).toEqual({ badges: [{ weekStart: before.weekStart, place: 1 }] });
    // A badge is for a finished week only.
    expect(await readArenaBadges(database.db, ann!, new Date(monday.getTime() - 1000))).toEqual({ badges: [] });
    // The same pair's three-a-day cap is per UTC day: Sunday's battle does not use up Monday's.
    await win(bob!, ann!, clock.now());
    await win(bob!, ann!, clock.now());
    expect(await pointsOf(bob!, clock.now())).toBe(4);
  });

  it.skipIf(skip)('scores a battle once, however often its scoring runs', async () => {
    const monday = randomMonday();
    const [ann, bob] = await players(2, 'once');
    const battle: ArenaBattle = { battleId: nextBattle++, winnerId: ann!, loserId: bob! };
    await database.db.transaction((tx) => scoreArena(tx, monday, [battle, battle]));
    await database.db.transaction((tx) => scoreArena(tx, monday, [battle]));
    expect(await readArenaBoard(database.db, { page: 1 }, ann, monday)).toMatchObject({ me: { points: 2, wins: 1, battles: 1, streak: 1 } });
  });

  it.skipIf(skip)('scores battles of one pair completed at the same moment one after the other: the cap and the run hold', async () => {
    const monday = randomMonday();
    const at = new Date(monday.getTime() + 3_600_000);
    const [ann, bob] = await players(2, 'race');
    // Neither has a standing yet: each transaction creates or finds them, then waits for the other's lock.
    await Promise.all(Array.from({ length: 6 }, () => win(ann!, bob!, at)));
    expect((await readArenaBoard(database.db, { page: 1 }, ann, at)).me).toMatchObject({ points: 2 + 2 + 4, wins: 3, battles: 3, streak: 3 });
    expect((await readArenaBoard(database.db, { page: 1 }, bob, at)).me).toBeNull();
  });

  it.skipIf(skip)('scores in the completion transaction: a failed completion scores nothing, its retry once', async () => {
    const monday = randomMonday();
    const at = new Date(monday.getTime() + 3_600_000);
    const [ann, bob] = await players(2, 'uow');
    const pogOf = async (userId: UserId): Promise<PogId> =>
      (await insertPog(database.db, { userId, creatorId: userId, name: `A${tag}`, rarity: 'common', maxTrades: 15, tradesRemaining: 15 })).id;
    const [annPog, bobPog] = [await pogOf(ann!), await pogOf(bob!)];
    const created = await createBattle(database.db, ann!, { challengerId: ann!, defenderId: bob!, challengerPogId: annPog, battleType: 'standard' }, at);
    await acceptBattle(database.db, created.id, bob!, bobPog, at);
    const request = { battleId: created.id as BattleId, actorId: null };
    await expect(completeBattles(database.db, [request], at, { beforeCommit: async () => Promise.reject(new Error('crash before commit')) })).rejects.toThrow('crash before commit');
    expect((await readArenaBoard(database.db, { page: 1 }, ann, at)).entries).toEqual([]);

    const [first] = await completeBattles(database.db, [request], at);
    const [again] = await completeBattles(database.db, [request], at);
    expect(first).toMatchObject({ ok: true, value: { status: 'completed' } });
    expect(again).toMatchObject({ ok: true, value: { status: 'already-completed' } });
    const winner = first!.ok ? first!.value.battle.winnerId : expect.unreachable('not completed');
    const board = await readArenaBoard(database.db, { page: 1 }, ann, at);
    expect(board.entries.map((e) => [e.userId, e.points, e.battles])).toEqual([[winner, 2, 1]]);
    const loser = winner === ann ? bob! : ann!;
    // The loser played and scored 0: not on the board (which lists points above 0).
    expect((await readArenaBoard(database.db, { page: 1 }, loser, at)).me).toBeNull();
  });

  it.skipIf(skip)('keeps two accounts trading wins all day behind a player who wins five honest battles', async () => {
    const monday = randomMonday();
    const [honest, colluderA, colluderB, ...opponents] = await players(8, 'fair');
    let at = new Date(monday.getTime() + 8 * 3_600_000);
    const minute = () => (at = new Date(at.getTime() + 60_000));
    for (const opponent of opponents.slice(0, 5)) await win(honest!, opponent, minute());
    // Twenty battles between the colluders on the same day, in whatever order of winners suits
    // them best: A wins every one (a run, and the double), or they take turns.
    for (let i = 0; i < 20; i++) await win(colluderA!, colluderB!, minute());
    const afterRun = [await pointsOf(honest!, at), await pointsOf(colluderA!, at), await pointsOf(colluderB!, at)];
    expect(afterRun).toEqual([16, 8, 0]);
    // Taking turns pays even less (a new pair of colluders, the same day).
    const [c, d] = await players(2, 'turn');
    for (let i = 0; i < 20; i++) await (i % 2 === 0 ? win(c!, d!, minute()) : win(d!, c!, minute()));
    expect([await pointsOf(c!, at), await pointsOf(d!, at)]).toEqual([4, 2]);
    const board = await readArenaBoard(database.db, { page: 1 }, honest, at);
    expect(board.me?.rank).toBe(1);
    expect(board.entries[0]?.userId).toBe(honest);
  });

  it.skipIf(skip)('leaves banned players off the board and its badges', async () => {
    const monday = randomMonday();
    const [ann, bob, cid] = await players(3, 'ban');
    await win(ann!, bob!, monday);
    await win(cid!, bob!, monday);
    await database.db.update(users).set({ isBanned: true }).where(eq(users.id, ann!));
    const board = await readArenaBoard(database.db, { page: 1 }, cid, monday);
    expect(board.entries.map((e) => e.userId)).toEqual([cid]);
    expect(board.me?.rank).toBe(1);
  });
});
