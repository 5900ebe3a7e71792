/**
 * Explore's list while players trade: `GET /api/pogs` (the first page, trending and recent in turn)
 * per second and its p99, while players make --writes real trade offers a second (`POST /api/trades`
 * between distinct players, each a 201), distributed (PostgreSQL + Redis, one gateway and one worker
 * process) at --pogs POGs; `--shape embedded` for one process on PGlite. Baseline: the same reads
 * with no offers, in the same rounds, or with --baseline REV the same reads and offers on that revision.
 * Goal: >= 1,500 req/s with the offers.
 */
import { baselineTree } from './baseline-tree';
import { options, runBenchmark, type Defer, type Goal, type Subject } from './rounds';
import { fillWorld } from './seed-sql';
import { call, seedPlayers, tradeOffers, type Player } from './sessions';
import { startShape, type Shape } from './stack';
import { wrkLoad } from './wrk';

const { values } = options({ duration: '10', connections: '8', pogs: '100000', writes: '20', shape: 'distributed', baseline: '' });
const [ROUNDS, DURATION_S, POGS, WRITES] = [Number(values.rounds), Number(values.duration), Number(values.pogs), Number(values.writes)];
const PAGES = ['/api/pogs?sort=trending&limit=24', '/api/pogs?sort=recent&limit=24'].map((path) => ({ method: 'GET', path }));

/** The app seeded and warmed up: its reads alone, and its reads while offers go out. */
async function listStack(defer: Defer, shape: Shape, label: string, root?: string) {
  const stack = await startShape(shape, { label, root, defer }, async (db, secret, database) => {
    await fillWorld(database, { players: Math.max(100, Math.ceil(POGS / 5)), pogs: POGS });
    // Ten offers a player, for twice the rounds' time: a round on a loaded machine lasts longer than --duration.
    return seedPlayers(db, Math.max(22, Math.ceil((2 * WRITES * DURATION_S * (ROUNDS + 1)) / 10) + 1), secret);
  });
  const byId = new Map<number, Player>(stack.seeded.map((p) => [p.id, p]));
  const offers = tradeOffers(stack.seeded);
  const url = stack.urls[0]!;
  /** Pages the gateway read anew (its /metrics): about none while the offers touch no page. */
  const pagesRead = async () => Number(/^pog_list_pages_total\{answer="read"\} (\d+)/m.exec(await (await fetch(`${url}/metrics`)).text())?.[1]);
  const reads = async () => {
    const before = await pagesRead();
    const figures = await wrkLoad(url, Number(values.connections), DURATION_S, PAGES)();
    return { ...figures, 'pages read/s': ((await pagesRead()) - before) / DURATION_S };
  };
  /** The reads while one offer goes out every 1/WRITES s (not waiting for the last one's answer, as players do not). */
  const readsWhileOffering = async () => {
    const sent: Promise<unknown>[] = [];
    let reading = true;
    const started = performance.now();
    const pacing = (async () => {
      while (reading) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + (sent.length * 1000) / WRITES - performance.now())));
        const { body } = offers.shift()!;
        if (reading) sent.push(call(url, byId.get(body.fromUserId)!, 'POST', '/api/trades', body, 201));
      }
    })();
    const figures = await reads();
    reading = false;
    await pacing;
    await Promise.all(sent);
    return { ...figures, 'offers/s': (sent.length * 1000) / (performance.now() - started) };
  };
  await readsWhileOffering(); // unmeasured: JIT and pools of both paths
  return { reads, readsWhileOffering };
}

runBenchmark(values.rounds, async (defer) => {
  const baseline = baselineTree(values.baseline, defer);
  const subjects: Subject[] = [];
  const goals: Goal[] = [];
  for (const shape of values.shape.split(',') as Shape[]) {
    const withOffers = `${shape}, reads with ${WRITES} offers/s`;
    if (baseline) subjects.push({ label: `${withOffers}, baseline ${baseline.revision}`, run: (await listStack(defer, shape, `${shape} baseline`, baseline.root)).readsWhileOffering });
    const stack = await listStack(defer, shape, `${shape} pog list`);
    if (!baseline) subjects.push({ label: `${shape}, reads alone (baseline)`, run: stack.reads });
    subjects.push({ label: withOffers, run: stack.readsWhileOffering });
    goals.push({ subject: withOffers, figure: 'req/s', atLeast: 1500 });
  }
  return { subjects, goals };
});
