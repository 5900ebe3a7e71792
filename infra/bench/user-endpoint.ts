/**
 * An authenticated `GET /api/user` with --sessions real sessions (each request the next player's
 * cookie, so the app's session handling sees what 1,000 players would give it), requests per second
 * as a ratio of the bare Koa hello-world (baseline), both loaded by wrk in the same rounds. Embedded
 * (one process, PGlite) by default; distributed (PostgreSQL + Redis, one gateway and one worker
 * process) with --shape distributed. With --baseline REV, the same calls on that revision too, in the
 * same rounds, each as its own ratio to the hello-world. Goal: ratio >= 0.8.
 */
import { baselineTree } from './baseline-tree';
import { startHello } from './processes';
import { options, runBenchmark } from './rounds';
import { seedPlayers } from './sessions';
import { startShape, type Shape } from './stack';
import { helloSubject, runWrk, wrkLoad } from './wrk';

const { values } = options({ duration: '10', connections: '32', sessions: '1000', shape: 'embedded', baseline: '' });
const [CONNECTIONS, DURATION_S] = [Number(values.connections), Number(values.duration)];
const SUBJECT = `GET /api/user, ${values.sessions} sessions, ${values.shape}`;

runBenchmark(values.rounds, async (defer) => {
  const hello = await startHello(defer);
  const baseline = baselineTree(values.baseline, defer);
  const hellos = helloSubject(hello, CONNECTIONS, DURATION_S);
  const subjects = [hellos];
  const goals = [];
  for (const tree of [undefined, ...(baseline ? [baseline] : [])]) {
    const label = tree ? `${SUBJECT}, baseline ${tree.revision}` : SUBJECT;
    const running = await startShape(values.shape as Shape, { label: values.shape, root: tree?.root, defer }, (db, secret) => seedPlayers(db, Number(values.sessions), secret, 0));
    const url = running.urls[0]!;
    const requests = running.seeded.map((player) => ({ method: 'GET', path: '/api/user', cookie: player.cookie }));
    const probe = await fetch(`${url}/api/user`, { headers: { Cookie: requests[0]!.cookie } });
    if (!probe.ok) throw new Error(`GET /api/user with a minted session answered ${probe.status}`);
    // Unmeasured: JIT, pools, and a first pass over the sessions.
    await runWrk({ url: `${hello.url}/`, connections: CONNECTIONS, durationS: 3 });
    await runWrk({ url, connections: CONNECTIONS, durationS: 3, requests });
    subjects.push({ label, run: wrkLoad(url, CONNECTIONS, DURATION_S, requests, running.pids) });
    goals.push({ subject: label, figure: 'req/s', ratioTo: hellos.label, atLeast: 0.8 });
  }
  return { subjects, goals };
});
