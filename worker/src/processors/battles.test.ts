/**
 * `battle.resolve` on real BullMQ and PostgreSQL: a worker process killed in the middle of the job
 * (inside its transaction) leaves nothing behind, the job is retried by another worker, and the battle
 * is resolved once with the same rolls; resolve jobs racing on two workers give one transfer.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCrashFixture } from '../testing/crash-fixture';
import { asBattleId, asPogId, asUserId, resolveBattle, type PogId, type UserId } from '@pog/common';
import { acceptBattle, createBattle, rollInput } from '@pog/domain/battles';
import { migrate, openDatabase, tables, type Database } from '@pog/domain/db';
import { systemClock } from '@pog/domain/clock';
import { type JobWorker } from '@pog/domain/jobs';
import { insertPogs } from '@pog/domain/testing/pogs';
import { createBullQueue, createBullWorker } from '../queue/bullmq';
import { resolveBattleProcessor } from './battles';

const redisUrl = process.env.TEST_REDIS_URL;
const databaseUrl = process.env.TEST_DATABASE_URL;
const missing = [!databaseUrl && 'TEST_DATABASE_URL', !redisUrl && 'TEST_REDIS_URL'].filter(Boolean).join(' and ');
const runPrefix = `test-battles-${process.pid}-${Date.now()}`;

describe.skipIf(Boolean(missing))(`battle.resolve on BullMQ and PostgreSQL${missing ? ` [needs ${missing}]` : ''}`, () => {
  let database: Database;
  const closers: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    database = await openDatabase({ url: databaseUrl!, poolSize: 10 });
    await migrate(database);
  });
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    await database?.close();
    const redis = new Redis(redisUrl!);
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${runPrefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
    await redis.quit();
  });

  let serial = 0;
  /** Two players, one POG each (counted as held), and an accepted battle between them, made with the domain commands. */
  async function acceptedBattle() {
    const db = database.db;
    const tag = `${process.pid.toString(36)}${Date.now().toString(36)}${(++serial).toString(36)}`;
    const [a, b] = await db
      .insert(tables.users)
      .values([
        { username: `bk${tag}a`, displayName: 'Crash A', passwordHash: 'x' },
        { username: `bk${tag}b`, displayName: 'Crash B', passwordHash: 'x' },
      ])
      .returning();
    const [aPog, bPog] = await insertPogs(db, [
      { userId: a!.id, creatorId: a!.id, name: 'A', rarity: 'rare', maxTrades: 15, tradesRemaining: 15 },
      { userId: b!.id, creatorId: b!.id, name: 'B', rarity: 'epic', maxTrades: 15, tradesRemaining: 15 },
    ]);
    const now = systemClock.now();
    const battle = await createBattle(db, asUserId(a!.id), { challengerId: a!.id, defenderId: b!.id, challengerPogId: aPog!.id, battleType: 'championship' }, now);
    await acceptBattle(db, asBattleId(battle.id), asUserId(b!.id), asPogId(bPog!.id), now);
    const [row] = await db.select().from(tables.battles).where(eq(tables.battles.id, battle.id));
    return { row: row!, a: a!, b: b!, aPog: aPog!.id, bPog: bPog!.id };
  }

  const owners = async (ids: PogId[]) =>
    (await database.db.select({ id: tables.pogs.id, userId: tables.pogs.userId }).from(tables.pogs).where(inArray(tables.pogs.id, ids))).map((r) => r.userId);
  const completedNotes = async (userIds: UserId[]) =>
    database.db
      .select()
      .from(tables.notifications)
      .where(and(inArray(tables.notifications.userId, userIds), eq(tables.notifications.kind, 'battle.completed')));
  /** The completed battle's `battle:updated` events written to the outbox. */
  const completedEvents = async (battleId: number) =>
    database.db
      .select({ stream: tables.outboxEvents.stream })
      .from(tables.outboxEvents)
      .where(and(eq(tables.outboxEvents.name, 'battle:updated'), sql`(${tables.outboxEvents.payload}->>'id')::int = ${battleId}`, sql`${tables.outboxEvents.payload}->>'status' = 'completed'`));

  function startWorker(prefix: string, runs: number[]): JobWorker {
    const real = resolveBattleProcessor({ db: database.db, clock: systemClock });
    const worker = createBullWorker({
      redisUrl: redisUrl!,
      prefix,
      stalledIntervalMs: 300,
      onFailure: () => undefined,
      processors: {
        'battle.resolve': async (payload, context) => {
          runs.push(payload.battleId);
          return real(payload, context);
        },
      },
    });
    closers.push(() => worker.close());
    return worker;
  }

  it('retries a resolve whose worker was killed mid-transaction, and settles the battle once with the same rolls', async () => {
    const { row, a, b, aPog, bPog } = await acceptedBattle();
    // The rolls by the battle's own rule (with both players' seeds), drawn here before any worker runs.
    const expected = await resolveBattle(rollInput(row));
    const prefix = `${runPrefix}-kill`;
    const queue = createBullQueue({ redisUrl: redisUrl!, prefix, backoffMs: 20 });
    closers.push(() => queue.close());
    const child = spawnCrashingWorker(prefix);
    try {
      const result = queue.run('battle.resolve', { battleId: row.id, actorId: null }, { jobId: String(row.id), timeoutMs: 25_000 });
      await child.started;
      child.process.kill('SIGKILL');
      await new Promise<void>((resolve) => child.process.once('exit', () => resolve()));

      // The killed transaction committed nothing.
      const [during] = await database.db.select().from(tables.battles).where(eq(tables.battles.id, row.id));
      expect(during!.status).toBe('accepted');
      expect(await owners([aPog, bPog])).toEqual([a.id, b.id]);

      const runs: number[] = [];
      startWorker(prefix, runs);
      const winnerId = expected.winner === 'challenger' ? a.id : b.id;
      await expect(result).resolves.toMatchObject({ status: 'completed', winnerId, battle: { id: row.id, status: 'completed', seed: row.seed } });
      expect(runs).toEqual([row.id]);

      const [after] = await database.db.select().from(tables.battles).where(eq(tables.battles.id, row.id));
      expect(after).toMatchObject({ status: 'completed', rounds: expected.rounds, challengerRoll: expected.challengerRoll, defenderRoll: expected.defenderRoll, winnerId });
      expect(await owners([aPog, bPog])).toEqual([winnerId, winnerId]);
      expect(await completedNotes([a.id, b.id])).toHaveLength(2);

      // Running it again changes nothing.
      await expect(queue.run('battle.resolve', { battleId: row.id, actorId: a.id }, { jobId: String(row.id) })).resolves.toMatchObject({ status: 'already-completed', winnerId });
      expect(await completedNotes([a.id, b.id])).toHaveLength(2);
    } finally {
      child.process.kill('SIGKILL');
    }
  }, 40_000);

  it('gives one transfer when resolve jobs for the same battle run at once on two workers', async () => {
    const prefix = `${runPrefix}-race`;
    const queue = createBullQueue({ redisUrl: redisUrl!, prefix, backoffMs: 20 });
    closers.push(() => queue.close());
    const runs: number[] = [];
    startWorker(prefix, runs);
    startWorker(prefix, runs);
    for (let i = 0; i < 5; i++) {
      const { row, a, b, aPog, bPog } = await acceptedBattle();
      // No jobId: the jobs are not deduplicated, so only the transaction keeps them from both winning.
      const results = await Promise.all([1, 2, 3, 4].map((n) => queue.run('battle.resolve', { battleId: row.id, actorId: n % 2 ? a.id : b.id })));
      expect(results.filter((r) => r.status === 'completed')).toHaveLength(1);
      expect(new Set(results.map((r) => r.winnerId)).size).toBe(1);
      const winnerId = results[0]!.winnerId;
      expect(await owners([aPog, bPog])).toEqual([winnerId, winnerId]);
      expect(await completedNotes([a.id, b.id])).toHaveLength(1);
      expect((await completedEvents(row.id)).map((e) => e.stream).sort()).toEqual([`user:${a.id}`, `user:${b.id}`].sort());
    }
  }, 40_000);
});

/** Starts battles.crash-fixture.ts in its own process; `started` resolves once it is inside the job. */
function spawnCrashingWorker(prefix: string) {
  return spawnCrashFixture(new URL('./battles.crash-fixture.ts', import.meta.url), prefix, 'started');
}
