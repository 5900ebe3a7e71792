/**
 * Issue 15 §6: the embedded server's memory. For each round, a fresh embedded app (`server/src/main.ts`,
 * PGlite, in-process jobs, an empty DATA_DIR) is started and its resident set size read from
 * /proc/<pid>/status: 10 s after it first answers /healthz, and after --idle more seconds without a
 * request. Then --sockets players (distinct users, sessions made in the database while the app was
 * stopped) connect one Socket.IO socket each, half and then the rest: the RSS growth over the second
 * half divided by its sockets is the cost of a connection. Goal: RSS <= 350 MB at 10 s and when idle.
 *
 *   npx tsx infra/bench/memory.ts [--rounds 3] [--idle 30] [--sockets 1000] [--before /tmp/before]
 *
 * --before DIR  the same for the repository tree in DIR (e.g. an older commit), interleaved with this one.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Socket } from 'socket.io-client';
import { describeLoad, describeMachine } from './machine';
import { startApp } from './processes';
import { interleave, printSummary, type Figures } from './rounds';
import { seedUsers } from './scratch-db';
import { connectSocket, mintSessions, withEmbeddedDatabase } from './sessions';

const GOAL_MB = 350;
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    idle: { type: 'string', default: '30' },
    sockets: { type: 'string', default: '1000' },
    before: { type: 'string' },
  },
});
const SOCKETS = Math.max(1, Number(values.sockets));

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(root: string | undefined): Promise<Figures> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pog-bench-memory-'));
  const sockets: Socket[] = [];
  try {
    const sessionSecret = randomBytes(24).toString('base64url');
    // A first start, on an empty folder: what a new user's `npm start` does.
    const first = await startApp({ nodeEnv: 'production', dataDir, sessionSecret, root });
    let figures: Figures;
    try {
      await sleep(10_000);
      const at10s = rssMb(first.child.pid!);
      await sleep(Number(values.idle) * 1000);
      figures = { 'RSS 10 s after start MB': at10s, [`RSS idle (+${values.idle} s) MB`]: rssMb(first.child.pid!) };
    } finally {
      await first.stop();
    }
    // Sockets: players made while the app is stopped, then the app again.
    const cookies = await withEmbeddedDatabase(dataDir, async (db) => mintSessions(db, await seedUsers(db, SOCKETS), sessionSecret));
    const app = await startApp({ nodeEnv: 'production', dataDir, sessionSecret, root });
    try {
      // The first half warms up what every connection shares (code, pools, buffers); the cost of a
      // connection is the growth from the first half to all of them.
      const half = Math.floor(SOCKETS / 2);
      const connectRange = async (from: number, to: number) => {
        for (let i = from; i < to; i += 50) sockets.push(...(await Promise.all(cookies.slice(i, Math.min(to, i + 50)).map((cookie) => connectSocket(app.url, cookie)))));
        await sleep(5_000);
        return rssMb(app.child.pid!);
      };
      const before = await connectRange(0, half);
      const after = await connectRange(half, SOCKETS);
      figures['RSS with sockets MB'] = after;
      figures['KB per socket'] = ((after - before) * 1024) / (SOCKETS - half);
    } finally {
      for (const socket of sockets) socket.close();
      await app.stop();
    }
    return figures;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(describeMachine());
  console.log(`settings: embedded app, RSS 10 s after a first start and after ${values.idle} s more idle; ${SOCKETS} players' sockets; ${values.rounds} interleaved rounds`);
  console.log(`before: ${describeLoad()}`);
  const subjects = [{ label: values.before ? 'after (this tree)' : 'this tree', run: () => measure(undefined) }];
  if (values.before) subjects.unshift({ label: 'before', run: () => measure(values.before) });
  const result = await interleave(subjects, Number(values.rounds));
  printSummary(result);
  console.log(`goal: RSS <= ${GOAL_MB} MB 10 s after a first start and when idle`);
  console.log(`after: ${describeLoad()}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
