/**
 * Delete spammer as one unit of work: the ban, the POGs the account holds, its open trades and
 * battles (the other players told, live), one audit line and the admins' events all commit together;
 * a failure at any step leaves nothing changed; a second call is a 409 that changes nothing; admin
 * accounts, the admin's own account and unknown players are refused.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '@pog/common/errors';
import { userStream } from '@pog/common/realtime/streams';
import { asUserId, type AdminSessionId, type PogId, type UserId } from '@pog/common/schemas/ids';
import { acceptBattle, createBattle } from '../battles/commands';
import type { Database } from '../db/client';
import { battles, moderationAudit, notifications, outboxEvents, pogs, sessions, trades, users } from '../db/schema';
import { CLUSTER_STREAM } from '../outbox/unit-of-work';
import { TEST_BACKENDS as backends, openWithPlayers, randomTag } from '../testing/backends';
import { insertPog } from '../testing/pogs';
import { createTrade } from '../trades/commands';
import { startAdminSession } from './admin-sessions';
import { deleteSpammer, nothingLeftToDelete, previewSpammerDeletion } from './spammer';

const DAY = 24 * 3600_000;

describe.each(backends)('Delete spammer on $name', ({ open, skip }) => {
  let database: Database;
  let adminSessionId: AdminSessionId;
  const tag = randomTag();
  const now = new Date();
  let made = 0;

  beforeAll(async () => {
    if (skip) return;
    database = await open();
    adminSessionId = (await startAdminSession(database.db, randomBytes(8).toString('hex'), now, new Date(now.getTime() + DAY))).id;
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  /** One new player per role, their ids in that order. */
  async function newPlayers<R extends string[]>(...roles: R): Promise<{ [K in keyof R]: UserId }> {
    const names = roles.map((role) => `${role}_${tag}_${made++}`);
    const { players } = await openWithPlayers(async () => database, names);
    return players as { [K in keyof R]: UserId };
  }

  /** A scored POG held by `holder` and designed by `creator`, counted as held. */
  async function givePog(holder: UserId, creator: UserId = holder): Promise<PogId> {
    const row = await insertPog(database.db, { userId: holder, creatorId: creator, name: `Pog ${tag} ${made++}`, rarity: 'common', points: 100, scoredVersion: 1, maxTrades: 15, tradesRemaining: 15 });
    return row.id;
  }

  /**
   * A spammer with two POGs of their own design and one another player designed, an offer they sent,
   * an offer they received, a challenge they sent and an accepted battle; and a POG they designed
   * that the victim holds now.
   */
  async function scene() {
    const [spammer, victim, bystander] = await newPlayers('spammer', 'victim', 'bystander');
    const [s1, s2, s3, s4] = [await givePog(spammer), await givePog(spammer), await givePog(spammer), await givePog(spammer)];
    const won = await givePog(spammer, bystander);
    const [v1, v2, v3, v4] = [await givePog(victim), await givePog(victim), await givePog(victim), await givePog(victim)];
    const designedBySpammer = await givePog(victim, spammer);
    const untouched = await givePog(bystander);
    const sent = await createTrade(database.db, spammer, { fromUserId: spammer, toUserId: victim, offerPogId: s1, requestPogId: v1 }, now);
    const received = await createTrade(database.db, victim, { fromUserId: victim, toUserId: spammer, offerPogId: v2, requestPogId: s2 }, now);
    const challenge = await createBattle(database.db, spammer, { challengerId: spammer, defenderId: victim, challengerPogId: s3, battleType: 'standard' }, now);
    const accepted = await createBattle(database.db, victim, { challengerId: victim, defenderId: spammer, challengerPogId: v3, battleType: 'standard' }, now);
    await acceptBattle(database.db, accepted.id, spammer, s4, now);
    return {
      spammer, victim, bystander,
      spammerPogs: [s1, s2, s3, s4, won],
      keptPogs: [v1, v2, v3, v4, designedBySpammer, untouched],
      tradeIds: [sent.id, received.id],
      battleIds: [challenge.id, accepted.id],
    };
  }
  type Scene = Awaited<ReturnType<typeof scene>>;

  /** An admins' or cluster event about this player or one of their POGs. */
  function about(event: { payload: unknown }, userId: UserId): boolean {
    const payload = event.payload as { userId?: number; user?: { id: number }; pog?: { userId: number } };
    return payload.userId === userId || payload.user?.id === userId || payload.pog?.userId === userId;
  }

  /** Everything Delete spammer could change, as it stands. */
  async function state(s: Scene) {
    const { db } = database;
    const players = [s.spammer, s.victim, s.bystander];
    const streams = [...players.map(userStream), 'admins', CLUSTER_STREAM];
    return {
      users: await db.select().from(users).where(inArray(users.id, players)).orderBy(asc(users.id)),
      pogs: await db.select({ id: pogs.id, userId: pogs.userId }).from(pogs).where(inArray(pogs.id, [...s.spammerPogs, ...s.keptPogs])).orderBy(asc(pogs.id)),
      trades: await db.select().from(trades).where(inArray(trades.id, s.tradeIds)).orderBy(asc(trades.id)),
      battles: await db.select().from(battles).where(inArray(battles.id, s.battleIds)).orderBy(asc(battles.id)),
      notifications: await db.select().from(notifications).where(inArray(notifications.userId, players)).orderBy(asc(notifications.id)),
      audit: await db.select().from(moderationAudit).where(and(eq(moderationAudit.targetType, 'user'), inArray(moderationAudit.targetId, players))),
      // The admins' and cluster streams are shared with other tests: only the events about this spammer.
      events: (await db.select().from(outboxEvents).where(inArray(outboxEvents.stream, streams)).orderBy(asc(outboxEvents.id))).filter((e) => e.stream.startsWith('user:') || about(e, s.spammer)),
    };
  }

  const remove = (s: Pick<Scene, 'spammer'>, extra: { adminPlayerId?: UserId } = {}) =>
    deleteSpammer(database.db, { userId: s.spammer, reason: 'Spam links', adminSessionId, ...extra }, now);

  it.skipIf(skip)('bans, removes every POG the account holds, ends its trades and battles, and tells everyone, in one go', async () => {
    const s = await scene();
    const preview = await previewSpammerDeletion(database.db, { adminSessionId }, s.spammer);
    expect(preview).toMatchObject({ footprint: { pogs: 5, offers: 2, battles: 2, designedHeldByOthers: 1 }, refusal: null, user: { id: s.spammer, isBanned: false } });
    const before = await state(s);

    const result = await remove(s);

    expect(result).toMatchObject({ user: { id: s.spammer, isBanned: true, banReason: 'Spam links' }, removedPogs: 5, endedOffers: 2, endedBattles: 2 });
    const after = await state(s);
    expect(after.users.find((u) => u.id === s.spammer)).toMatchObject({ isBanned: true, banReason: 'Spam links' });
    // Every POG the spammer held is gone (the one they won included); the victim keeps the one the spammer designed.
    expect(after.pogs.map((p) => p.id).sort()).toEqual([...s.keptPogs].sort());
    expect(after.trades.map((t) => [t.status, t.cancelReason])).toEqual([['cancelled', 'banned'], ['cancelled', 'banned']]);
    expect(after.battles.map((b) => [b.status, b.winnerId])).toEqual([['cancelled', null], ['cancelled', null]]);
    // The victim is told, for each offer and battle, in a stored notification and live.
    const told = after.notifications.filter((n) => n.userId === s.victim && !before.notifications.some((b) => b.id === n.id));
    expect(told.map((n) => n.kind).sort()).toEqual(['battle.cancelled', 'battle.cancelled', 'trade.cancelled', 'trade.cancelled']);
    expect(told.filter((n) => n.kind === 'battle.cancelled').map((n) => n.body)).toContain('An accepted battle was cancelled because a player in it was banned.');
    const events = after.events.filter((e) => !before.events.some((b) => b.id === e.id));
    const on = (stream: string) => events.filter((e) => e.stream === stream).map((e) => e.name);
    const victimEvents = ['battle:updated', 'battle:updated', 'notification', 'notification', 'notification', 'notification', 'trade:updated', 'trade:updated'];
    expect(on(userStream(s.victim)).sort()).toEqual(victimEvents);
    expect(on(userStream(s.spammer))).toContain('session:revoked');
    expect(on(userStream(s.bystander))).toEqual([]);
    const admins = events.filter((e) => e.stream === 'admins').map((e) => [e.name, (e.payload as { action: string }).action]);
    expect(admins).toEqual([['moderation:user', 'banned'], ...s.spammerPogs.map(() => ['moderation:queue', 'deleted'])]);
    expect(events.filter((e) => e.stream === CLUSTER_STREAM)).toHaveLength(1);
    // Their sessions are gone, and one audit line says it all.
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, s.spammer))).toEqual([]);
    const lines = after.audit.filter((a) => !before.audit.some((b) => b.id === a.id));
    expect(lines).toMatchObject([
      { action: 'spammer_deleted', targetId: s.spammer, targetName: expect.stringContaining('spammer_'), actorKind: 'admin', adminSessionId, notes: 'Spam links (5 POGs removed, 2 trade offers and 2 battles ended)' },
    ]);

    // A retry: 409, and nothing more happens.
    await expect(remove(s)).rejects.toThrow(new ConflictError(nothingLeftToDelete(after.users.find((u) => u.id === s.spammer)!.username)));
    expect(await state(s)).toEqual(after);
    expect((await previewSpammerDeletion(database.db, { adminSessionId }, s.spammer)).refusal).toMatch(/nothing left to delete/);
  });

  /** A trigger that fails one step of the unit of work for this spammer alone (other tests share the database). */
  const failures = [
    { step: 'deleting a POG', table: 'pogs', when: 'BEFORE DELETE', condition: (id: UserId) => `OLD.user_id = ${id}` },
    { step: 'writing the audit line', table: 'moderation_audit', when: 'BEFORE INSERT', condition: (id: UserId) => `NEW.target_id = ${id} AND NEW.action = 'spammer_deleted'` },
  ];

  it.skipIf(skip).each(failures)('changes nothing when $step fails midway', async ({ table, when, condition }) => {
    const s = await scene();
    const before = await state(s);
    const name = `fail_spammer_${tag}_${s.spammer}`;
    await database.db.execute(sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'planted failure'; END $$`));
    await database.db.execute(
      sql.raw(`CREATE TRIGGER ${name} ${when} ON ${table} FOR EACH ROW WHEN (${condition(s.spammer)}) EXECUTE FUNCTION ${name}()`),
    );
    try {
      // Drizzle wraps the database's error: the planted one is its cause.
      const failure: unknown = await remove(s).then(() => null, (error: unknown) => error);
      expect(String((failure as Error | null)?.cause ?? failure)).toMatch(/planted failure/);
    } finally {
      await database.db.execute(sql.raw(`DROP TRIGGER ${name} ON ${table}`));
      await database.db.execute(sql.raw(`DROP FUNCTION ${name}()`));
    }
    expect(await state(s)).toEqual(before);
    // With the failure gone, the same call goes through.
    expect((await remove(s)).removedPogs).toBe(5);
  });

  it.skipIf(skip)('refuses an admin account, the admin’s own account, an unknown player and a caller without an admin session', async () => {
    const [boss, self] = await newPlayers('boss', 'self');
    await database.db.update(users).set({ role: 'admin' }).where(eq(users.id, boss));
    await givePog(boss);
    await givePog(self);

    await expect(remove({ spammer: boss })).rejects.toThrow(ForbiddenError);
    await expect(remove({ spammer: boss })).rejects.toThrow(/is an admin/);
    expect((await previewSpammerDeletion(database.db, { adminSessionId }, boss)).refusal).toMatch(/is an admin/);
    await expect(remove({ spammer: self }, { adminPlayerId: self })).rejects.toThrow(new ForbiddenError('You cannot delete your own account as a spammer.'));
    await expect(remove({ spammer: asUserId(2_000_000_000) })).rejects.toThrow(NotFoundError);
    await expect(previewSpammerDeletion(database.db, { adminSessionId }, asUserId(2_000_000_000))).rejects.toThrow(NotFoundError);
    await expect(deleteSpammer(database.db, { userId: self, reason: 'x', adminSessionId: undefined as unknown as AdminSessionId }, now)).rejects.toThrow(UnauthorizedError);
    // None of them changed.
    const rows = await database.db.select().from(users).where(or(eq(users.id, boss), eq(users.id, self)));
    expect(rows.map((u) => u.isBanned)).toEqual([false, false]);
    expect(await database.db.select({ id: pogs.id }).from(pogs).where(inArray(pogs.userId, [boss, self]))).toHaveLength(2);
  });
});
