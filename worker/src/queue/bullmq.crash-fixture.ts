/**
 * Test fixture, run as a child process by bullmq.test.ts: a worker that takes a job, says so on
 * stdout and then hangs until the test kills the process. It stands in for a worker process dying
 * mid-job (crash, OOM kill, node drained).
 */
import { createBullWorker } from './bullmq';

const redisUrl = process.env.TEST_REDIS_URL;
const prefix = process.env.CRASH_FIXTURE_PREFIX;
if (!redisUrl || !prefix) throw new Error('TEST_REDIS_URL and CRASH_FIXTURE_PREFIX are required');

createBullWorker({
  redisUrl,
  prefix,
  // A short lock lets the surviving worker reclaim the job quickly. The stalled-job check runs at
  // most once per interval across all workers, so every worker must use the short interval.
  lockDurationMs: 1_000,
  stalledIntervalMs: 300,
  processors: {
    'user.welcome': async (_payload, { jobId }) => {
      process.stdout.write(`started ${jobId}\n`);
      return new Promise(() => undefined);
    },
  },
});
process.stdout.write('ready\n');
