/**
 * Searches as people make them (explore-search.ts, player-list.ts): one person typing (each text a
 * character at a time, a search every 300 ms, each after the last one's answer) and --clients people
 * typing at once, each from an address of its own; the p95 of their answers. Baseline: the same
 * typing against the list without a search. On PostgreSQL and embedded (PGlite), each database filled
 * before its app starts. --baseline REV: that revision's search on a database of its own, in turn too.
 * --loopers N: the same again while N clients loop on a short search from addresses of their own,
 * ignoring 429s (the people's p95 and req/s beside those without them: what the loopers took).
 * The floor: one person asking a bare Koa hello-world at the same pace. A lone request every 300 ms
 * meets a machine gone idle, and a virtual machine can take milliseconds to wake for it, whatever
 * the server does: far longer than for the same requests back to back.
 * Each turn starts its app afresh, warmed by a few searches of other words: pages kept in an earlier
 * round would answer this one's terms without reading them.
 */
import { baselineTree } from './baseline-tree';
import { closedLoop, latencies, options, paced, runBenchmark, type Goal, type Subject } from './rounds';
import { startHello, type ServerProcess } from './processes';
import { KIND_LABELS, seededApp, type DatabaseKind } from './stack';
import { fillWorld } from './seed-sql';

export interface SearchBenchmark {
  /** The list without a search (the baseline), e.g. `/api/pogs?sort=trending&limit=24`; searched with `&search=`. */
  list: string;
  /** What people type, 1 to 30 characters each: words many names have, names, numbers, nothing anyone named. */
  texts: string[];
  /** The goal for the search's p95, by database. */
  goalP95Ms: Record<DatabaseKind, number>;
  sizes: { players: number; pogs: number };
}

const EVERY_MS = 300;

/** One person typing until `until`: the ms of each answer. */
function type(url: string, path: (term: string) => string, texts: string[], first: number, address: string, until: number): Promise<number[]> {
  const terms = texts.flatMap((text) => Array.from(text, (_, i) => text.slice(0, i + 1)));
  return paced(EVERY_MS, () => performance.now() >= until, async (n) => {
    const route = path(terms[(first + n) % terms.length]!);
    const response = await fetch(url + route, { headers: { 'X-Forwarded-For': address } });
    await response.arrayBuffer(); // the whole answer is timed
    if (!response.ok) throw new Error(`${route} answered ${response.status}`);
  });
}

/** Words none of the typed texts starts with: a common letter, then less and less common, then nobody's. */
const WARM_UP_TERMS = ['w', 'wa', 'war', 'warm', 'warmup'];

/** A just-started app's code and plans warmed, each term asked three times (read, kept, answered as kept), from an address no one else uses. */
async function warmUp(url: string, path: (term: string) => string): Promise<void> {
  for (const term of WARM_UP_TERMS) {
    for (let i = 0; i < 3; i++) {
      const response = await fetch(url + path(term), { headers: { 'X-Forwarded-For': `10.203.0.${i}` } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`warming up, ${path(term)} answered ${response.status}`);
    }
  }
}

/** `count` clients searching back to back ('a', 'zq') for `ms`, whatever the answer (Retry-After ignored): searches answered and refused. */
async function loop(url: string, path: (term: string) => string, count: number, ms: number): Promise<{ served: number; refused: number }> {
  const tally = { served: 0, refused: 0 };
  const turns = Array.from({ length: count }, () => 0);
  await closedLoop(count, ms, async (c) => {
    const response = await fetch(url + path(turns[c]!++ % 2 ? 'zq' : 'a'), { headers: { 'X-Forwarded-For': `10.202.0.${c}` } });
    await response.arrayBuffer();
    if (response.ok) tally.served += 1;
    else if (response.status === 429) tally.refused += 1;
    else throw new Error(`a looping search answered ${response.status}`);
  });
  return tally;
}

export function runSearchBenchmark(bench: SearchBenchmark): void {
  const { values } = options({ duration: '10', clients: '50', players: String(bench.sizes.players), pogs: String(bench.sizes.pogs), db: 'postgres,pglite', baseline: '', loopers: '0' });
  const [CLIENTS, DURATION_MS, LOOPERS] = [Number(values.clients), Number(values.duration) * 1000, Number(values.loopers)];
  const sizes = { players: Number(values.players), pogs: Number(values.pogs) };
  const search = (term: string) => `${bench.list}&search=${encodeURIComponent(term)}`;

  /**
   * One person, then CLIENTS people at once (their starts spread over one interval), typing for
   * --duration each; with `loopers`, that many clients loop on search meanwhile (`loop`).
   */
  const load = async (app: { restart(): Promise<ServerProcess> }, path: (term: string) => string, loopers = 0) => {
    const { url } = await app.restart();
    await warmUp(url, path);
    const alone = await type(url, path, bench.texts, 0, '10.200.0.1', performance.now() + DURATION_MS);
    const until = performance.now() + DURATION_MS;
    const looping = loopers ? loop(url, search, loopers, DURATION_MS) : undefined;
    const crowd = await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        await new Promise((resolve) => setTimeout(resolve, (c * EVERY_MS) / CLIENTS));
        return type(url, path, bench.texts, c * 7, `10.201.${c >> 8}.${c & 255}`, until);
      }),
    );
    const all = crowd.flat();
    const looped = looping && (await looping);
    const perSecond = (count: number) => (count * 1000) / DURATION_MS;
    const looperFigures = looped ? { [`${loopers} looping answered/s`]: perSecond(looped.served), [`${loopers} looping refused/s`]: perSecond(looped.refused) } : {};
    return { ...latencies('1 person', alone), ...latencies(`${CLIENTS} people`, all), [`${CLIENTS} people req/s`]: perSecond(all.length), ...looperFigures };
  };

  runBenchmark(values.rounds, async (defer) => {
    const baseline = baselineTree(values.baseline, defer);
    const hello = await startHello(defer);
    const subjects: Subject[] = [
      { label: 'bare Koa hello (the floor)', run: async () => latencies('1 person', await type(hello.url, () => '/', bench.texts, 0, '10.200.0.1', performance.now() + DURATION_MS)) },
    ];
    const goals: Goal[] = [];
    for (const kind of values.db.split(',') as DatabaseKind[]) {
      const seeded = await seededApp(kind, { label: 'search', defer }, (_db, _secret, database) => fillWorld(database, sizes));
      const label = KIND_LABELS[kind];
      subjects.push({ label: `${label}: list (baseline)`, run: () => load(seeded, () => bench.list) });
      subjects.push({ label: `${label}: search`, run: () => load(seeded, search) });
      if (LOOPERS) subjects.push({ label: `${label}: search, ${LOOPERS} clients looping`, run: () => load(seeded, search, LOOPERS) });
      if (baseline) {
        const old = await seededApp(kind, { label: 'searchbase', root: baseline.root, defer }, (_db, _secret, database) => fillWorld(database, sizes));
        subjects.push({ label: `${label}: search, baseline ${baseline.revision}`, run: () => load(old, search) });
        if (LOOPERS) subjects.push({ label: `${label}: search, ${LOOPERS} clients looping, baseline ${baseline.revision}`, run: () => load(old, search, LOOPERS) });
      }
      for (const who of ['1 person', `${CLIENTS} people`]) goals.push({ subject: `${label}: search`, figure: `${who} p95 ms`, atMost: bench.goalP95Ms[kind] });
    }
    return { subjects, goals };
  });
}
