/**
 * A `sync` flood costs its sender and nobody else: one player's 5 sockets each try --rate `sync` a
 * second for --seconds, each for the whole of a 400-event backlog (the gateway's sync-flooder.ts,
 * reconnecting 100 ms after being closed or refused), while another player, their socket open, calls
 * GET /api/user and GET /api/pogs in turn (one every 25 ms at most); distributed and embedded. That
 * player's p50 / p95 / p99 quiet (baseline, in the same rounds) and flooded, the gateway's peak
 * resident memory, and the seconds from the flood's end until the median of their last 5 calls is
 * within 2x the last quiet p50. Goals: p50 <= 2x quiet, memory <= 768 MB, back within 5 s.
 */
import { userStream } from '@pog/common';
import { asUserId } from '@pog/common/schemas/ids';
import { inUnitOfWork } from '@pog/domain/outbox';
import { testNotification } from '@pog/domain/testing/notifications';
import { floodFrom } from '../../gateway/src/testing/sync-flooder';
import { waitFor } from '../../gateway/src/testing/wait';
import { processTree, rssMb } from './processes';
import { latencies, median, options, paced, runBenchmark, type Defer, type Figures, type Goal, type Subject } from './rounds';
import { call, connectSocket, seedPlayers, type Player } from './sessions';
import { startShape, type Shape } from './stack';

const { values } = options({ seconds: '10', rate: '1000', shape: 'distributed,embedded' });
const [SECONDS, RATE] = [Number(values.seconds), Number(values.rate)];
const [SOCKETS, BACKLOG, EVERY_MS, PATIENCE_MS, RECOVERY_MS] = [5, 400, 25, 5_000, 30_000];
const PATHS = ['/api/user', '/api/pogs?sort=recent&limit=24'];

/** The other player's calls until `done`: each one's ms (PATIENCE_MS for one not answered by then). */
const calls = (url: string, player: Player, done: (samples: number[]) => boolean) =>
  paced(EVERY_MS, done, async (n) => {
    try {
      const response = await fetch(url + PATHS[n % 2]!, { headers: { Cookie: player.cookie, 'X-Forwarded-For': player.address }, signal: AbortSignal.timeout(PATIENCE_MS) });
      await response.arrayBuffer(); // the whole answer is timed
      if (!response.ok) throw new Error(`GET ${PATHS[n % 2]} answered ${response.status}`);
    } catch (error) {
      if ((error as Error).name !== 'TimeoutError') throw error;
    }
  });

/** One shape running, the flooder's backlog sequenced, the other player's socket open: its quiet and flood subjects. */
async function shapeSubjects(shape: Shape, defer: Defer): Promise<Subject[]> {
  const running = await startShape(shape, { label: shape, defer }, async (db, secret, database) => {
    const players = await seedPlayers(db, 2, secret, 24);
    const flooder = asUserId(players[0]!.id);
    await inUnitOfWork(database.db, new Date(), async (uow) => {
      for (let n = 1; n <= BACKLOG; n++) uow.toUser(flooder, 'notification', testNotification(flooder, n));
    });
    return players as [Player, Player];
  });
  const [[flooder, player], url, pid] = [running.seeded, running.urls[0]!, running.pids[0]!];
  await waitFor(async () => (await call<{ streamPosition: number }>(url, flooder, 'GET', '/api/user', undefined, 200)).streamPosition >= BACKLOG, 60_000, 'the backlog');
  const socket = await connectSocket(url, player.cookie);
  defer(() => socket.close());
  let quiet = median(await calls(url, player, (samples) => samples.length >= 100)); // unmeasured: JIT and pools
  const measure = async (flood: boolean) => {
    const flooding = flood ? floodFrom({ url, cookie: flooder.cookie, stream: userStream(flooder.id), sockets: SOCKETS, perTick: Math.max(1, Math.round(RATE / 100)), reconnectMs: 100, durationMs: SECONDS * 1000 }) : undefined;
    await flooding?.started;
    const memory = [rssMb(processTree(pid))];
    const sampler = setInterval(() => memory.push(rssMb(processTree(pid))), 100);
    let over = false;
    const ended = (flooding?.done ?? new Promise<undefined>((resolve) => setTimeout(resolve, SECONDS * 1000, undefined))).finally(() => (over = true));
    const figures: Figures = { ...latencies('', await calls(url, player, () => over)), 'RSS peak MB': Math.max(...memory) };
    const sent = await ended;
    clearInterval(sampler);
    if (!sent) {
      quiet = figures['p50 ms']!;
      return figures;
    }
    const stopped = performance.now();
    await calls(url, player, (samples) => (samples.length >= 5 && median(samples.slice(-5)) <= 2 * quiet) || performance.now() - stopped >= RECOVERY_MS);
    return { ...figures, 'back to normal s': (performance.now() - stopped) / 1000, 'syncs sent/s': sent.sent / SECONDS, 'syncs refused': sent.refusals, 'handshakes refused': sent.refusedConnections };
  };
  return [
    { label: `${shape}: quiet (baseline)`, run: () => measure(false) },
    { label: `${shape}: flood`, run: () => measure(true) },
  ];
}

runBenchmark(values.rounds, async (defer) => {
  const subjects: Subject[] = [];
  const goals: Goal[] = [];
  for (const shape of values.shape.split(',') as Shape[]) {
    subjects.push(...(await shapeSubjects(shape, defer)));
    const flood = `${shape}: flood`;
    goals.push({ subject: flood, figure: 'p50 ms', ratioTo: `${shape}: quiet (baseline)`, atMost: 2 }, { subject: flood, figure: 'RSS peak MB', atMost: 768 }, { subject: flood, figure: 'back to normal s', atMost: 5 });
  }
  return { subjects, goals };
});
