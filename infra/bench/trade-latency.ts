/**
 * Issue 4's figure: time from `POST /api/trades` returning to the recipient's socket receiving
 * `trade:created`, with 1,000 other sockets connected across two gateway processes that share
 * PostgreSQL and Redis (the offer is sent to gateway A, the recipient listens on gateway B).
 * Goal: p99 <= 100 ms.
 *
 *   npx tsx infra/bench/trade-latency.ts [--samples 200] [--sockets 1000]
 *
 * Needs PostgreSQL at 127.0.0.1:5432 (trust auth; a scratch database is created and dropped) and
 * Redis at 127.0.0.1:6379 (a random key prefix, deleted afterwards).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { KNOWN_ENV_VARS } from '@pog/common/server';
import { percentile } from './load';
import { describeMachine } from './machine';
import { deleteRedisKeys, freePort, startServer, type ServerProcess } from './processes';

const { values } = parseArgs({ options: { samples: { type: 'string', default: '200' }, sockets: { type: 'string', default: '1000' } } });
const SAMPLES = Math.min(1000, Number(values.samples));
const OTHER_SOCKETS = Math.min(5000, Number(values.sockets));
const OFFERS_PER_SENDER = 10; // the daily trade limit
const SERVER = 'postgres://postgres@127.0.0.1:5432';
const dbName = `bench_trades_${randomBytes(4).toString('hex')}`;
const prefix = `bench_${randomBytes(4).toString('hex')}`;

class Player {
  cookie = '';
  id = 0;
  constructor(readonly baseUrl: string) {}
  async call(method: string, url: string, body?: unknown): Promise<{ status: number; json: any }> {
    const res = await fetch(this.baseUrl + url, {
      method,
      headers: { 'content-type': 'application/json', cookie: this.cookie, 'x-forwarded-for': `10.9.${this.id % 250}.${(this.id >> 8) % 250}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    if (setCookie) this.cookie = setCookie;
    return { status: res.status, json: await res.json().catch(() => null) };
  }
  async register(name: string) {
    const res = await this.call('POST', '/api/register', { username: name, password: 'bench-password' });
    if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(res.json)}`);
    this.id = res.json.id;
    return this;
  }
  onGateway(url: string): Player {
    const copy = new Player(url);
    copy.cookie = this.cookie;
    copy.id = this.id;
    return copy;
  }
}

function connect(url: string, cookie: string): Promise<Socket> {
  const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { cookie } });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const gateways: ServerProcess[] = [];
  const sockets: Socket[] = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pog-bench-'));
  try {
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of KNOWN_ENV_VARS) delete env[name];
    Object.assign(env, {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `${SERVER}/${dbName}`,
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: prefix,
      SESSION_SECRET: randomBytes(24).toString('base64url'),
      TRUST_PROXY: 'true',
    });
    for (const name of ['gateway A', 'gateway B']) {
      const port = await freePort();
      gateways.push(await startServer({ name, args: ['server/src/main.ts'], env: { ...env, PORT: String(port) }, port, healthPath: '/healthz' }));
    }
    const [a, b] = gateways as [ServerProcess, ServerProcess];

    // Players: one recipient listening on B, senders posting on A.
    const senders = Math.ceil(SAMPLES / OFFERS_PER_SENDER);
    const recipient = await new Player(b.url).register(`r_${prefix}`);
    const senderPlayers: Player[] = [];
    for (let i = 0; i < senders; i++) senderPlayers.push(await new Player(a.url).register(`s${i}_${prefix}`));
    const crowd = await new Player(a.url).register(`crowd_${prefix}`);

    // POGs straight into the database: the creation cooldown would make setup take hours.
    const db = new pg.Client({ connectionString: `${SERVER}/${dbName}` });
    await db.connect();
    const insertPog = `INSERT INTO pogs (user_id, creator_id, name, max_trades, trades_remaining) VALUES ($1, $1, $2, 15, 15) RETURNING id`;
    const senderPogs = [];
    for (const s of senderPlayers) senderPogs.push((await db.query(insertPog, [s.id, `offer ${s.id}`])).rows[0].id as number);
    const wanted = [];
    for (let i = 0; i < OFFERS_PER_SENDER; i++) wanted.push((await db.query(insertPog, [recipient.id, `wanted ${i}`])).rows[0].id as number);
    await db.end();

    // The crowd: OTHER_SOCKETS sockets split across both gateways.
    for (let i = 0; i < OTHER_SOCKETS; i += 50) {
      const batch = Array.from({ length: Math.min(50, OTHER_SOCKETS - i) }, (_, k) => connect((i + k) % 2 ? b.url : a.url, crowd.cookie));
      sockets.push(...(await Promise.all(batch)));
    }
    const listener = await connect(b.url, recipient.cookie);
    sockets.push(listener);
    const arrivals = new Map<number, number>();
    listener.on('trade:created', (trade: { id: number }) => arrivals.set(trade.id, performance.now()));

    const latencies: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const sender = senderPlayers[Math.floor(i / OFFERS_PER_SENDER)]!;
      const body = { fromUserId: sender.id, toUserId: recipient.id, offerPogId: senderPogs[Math.floor(i / OFFERS_PER_SENDER)], requestPogId: wanted[i % OFFERS_PER_SENDER] };
      const res = await sender.call('POST', '/api/trades', body);
      const returned = performance.now();
      if (res.status !== 201) throw new Error(`offer ${i}: ${res.status} ${JSON.stringify(res.json)}`);
      const deadline = returned + 5000;
      while (!arrivals.has(res.json.id) && performance.now() < deadline) await new Promise((r) => setImmediate(r));
      const arrived = arrivals.get(res.json.id);
      if (arrived === undefined) throw new Error(`trade ${res.json.id} never reached the recipient's socket`);
      // The event can beat the response: that counts as zero wait for the recipient.
      latencies.push(Math.max(0, arrived - returned));
    }
    latencies.sort((x, y) => x - y);
    console.log(describeMachine());
    console.log(`two gateways (each also a BullMQ worker) on PostgreSQL ${dbName} and Redis, ${sockets.length - 1} other sockets connected`);
    console.log(`POST /api/trades returned -> trade:created at the recipient, ${latencies.length} offers:`);
    console.log(`  p50 ${percentile(latencies, 50).toFixed(2)} ms   p95 ${percentile(latencies, 95).toFixed(2)} ms   p99 ${percentile(latencies, 99).toFixed(2)} ms   max ${latencies.at(-1)!.toFixed(2)} ms   (goal: p99 <= 100 ms)`);
  } finally {
    for (const s of sockets) s.close();
    await Promise.all(gateways.map((g) => g.stop()));
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
    await deleteRedisKeys('redis://127.0.0.1:6379', prefix);
  }
}

await main();
