/**
 * A trade offer's way to its recipient: from sending `POST /api/trades` until the recipient's socket
 * receives `trade:created`, with --players players connected (one socket each) across two gateway
 * processes that share PostgreSQL and Redis (each also processing jobs). Offers go between players
 * all over the crowd, --concurrency at a time, each sent on the gateway the recipient is NOT on.
 * Baseline: the same kind of offers sent on the recipient's own gateway (no hop between gateways),
 * in the same rounds. Also the POST's own p99. Goal: p99 <= 100 ms.
 */
import { latencies, options, runBenchmark } from './rounds';
import { call, connectSocket, seedPlayers, tradeOffers, type Offer } from './sessions';
import { startShape } from './stack';

const { values } = options({ samples: '300', players: '1000', concurrency: '8' });
const [ROUNDS, PLAYERS, CONCURRENCY, WARMUP] = [Number(values.rounds), Math.max(22, Number(values.players)), Number(values.concurrency), 20];
// Each player sends 10 offers at most (the daily limit): both sides' rounds and the warm-up share them.
const SAMPLES = Math.min(Number(values.samples), Math.floor((PLAYERS * 10 - WARMUP) / (2 * ROUNDS)));

runBenchmark(values.rounds, async (defer) => {
  console.log(`settings: ${PLAYERS} players, one socket each on two gateways; ${ROUNDS} interleaved rounds of ${SAMPLES} offers a side, ${CONCURRENCY} in flight`);
  const running = await startShape('distributed', { label: 'two gateways', defer, gateways: 2, workers: 0 }, (db, secret) => seedPlayers(db, PLAYERS, secret));
  const players = running.seeded;
  const index = new Map(players.map((p, i) => [p.id, i]));
  const offers = tradeOffers(players);
  const waiting = new Map<string, () => void>();
  let next = 0;
  for (let i = 0; i < PLAYERS; i += 50) {
    const sockets = await Promise.all(players.slice(i, i + 50).map((p, k) => connectSocket(running.urls[(i + k) % 2]!, p.cookie)));
    defer(() => sockets.forEach((socket) => socket.close()));
    sockets.forEach((socket, k) =>
      socket.on('trade:created', (trade: { fromUserId: number; toUserId: number; requestPogId: number }) => {
        if (trade.toUserId === players[i + k]!.id) waiting.get(`${trade.fromUserId}:${trade.requestPogId}`)?.();
      }),
    );
  }
  /** Sends the next offer on the recipient's gateway or the other one; its time to the recipient's socket and its POST's. */
  const offer = async (crossing: boolean) => {
    const { body }: Offer = offers[next++]!;
    const key = `${body.fromUserId}:${body.requestPogId}`;
    const arrived = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`offer ${key} never reached the recipient's socket`)), 10_000);
      waiting.set(key, () => (clearTimeout(timer), waiting.delete(key), resolve(performance.now())));
    });
    const gateway = running.urls[(index.get(body.toUserId)! + (crossing ? 1 : 0)) % 2]!;
    const sent = performance.now();
    await call(gateway, players[index.get(body.fromUserId)!]!, 'POST', '/api/trades', body, 201);
    const posted = performance.now() - sent;
    return { socket: (await arrived) - sent, posted };
  };
  const round = async (crossing: boolean) => {
    const [socket, posted]: [number[], number[]] = [[], []];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, worker) => {
        for (let n = worker; n < SAMPLES; n += CONCURRENCY) {
          const r = await offer(crossing);
          socket.push(r.socket);
          posted.push(r.posted);
        }
      }),
    );
    return { ...latencies('to socket', socket), 'POST p99 ms': latencies('', posted)['p99 ms']! };
  };
  for (let i = 0; i < WARMUP; i++) await offer(i % 2 === 0);
  return {
    subjects: [
      { label: "recipient's gateway (baseline)", run: () => round(false) },
      { label: 'the other gateway', run: () => round(true) },
    ],
    goals: [{ subject: 'the other gateway', figure: 'to socket p99 ms', atMost: 100 }],
  };
});
