/**
 * Test fixture, run as a child process by battles.test.ts: a worker that takes a `battle.resolve`
 * job, runs the real resolution up to the moment before its transaction commits, says so on stdout
 * and hangs there until the test kills the process (a worker dying mid-job: crash, OOM kill).
 */
import { openDatabase } from '@pog/domain/db';
import { systemClock } from '@pog/domain/clock';
import { createBullWorker } from '../queue/bullmq';
import { resolveBattleProcessor } from './battles';

const redisUrl = process.env.TEST_REDIS_URL;
const databaseUrl = process.env.TEST_DATABASE_URL;
const prefix = process.env.CRASH_FIXTURE_PREFIX;
if (!redisUrl || !databaseUrl || !prefix) throw new Error('TEST_REDIS_URL, TEST_DATABASE_URL and CRASH_FIXTURE_PREFIX are required');

const database = await openDatabase({ url: databaseUrl, poolSize: 2 });

createBullWorker({
  redisUrl,
  prefix,
  // A short lock lets the surviving worker reclaim the job quickly (see queue/bullmq.crash-fixture.ts).
  lockDurationMs: 1_000,
  stalledIntervalMs: 300,
  processors: {
    'battle.resolve': resolveBattleProcessor(
      { db: database.db, clock: systemClock },
      {
        beforeCommit: async () => {
          process.stdout.write('started\n');
          return new Promise(() => undefined);
        },
      },
    ),
  },
});
process.stdout.write('ready\n');
