/**
 * Signed-in players made straight in the database (registering through the API would hash every
 * password): users, sessions as the app's SessionStore writes them and the signed cookies a browser
 * would send, POGs of their own; and their API calls from their own address, sockets, trade offers.
 */
import { createHash, randomBytes } from 'node:crypto';
import Keygrip from 'keygrip';
import { AUTH } from '@pog/common';
import { io, type Socket } from 'socket.io-client';
import type { Queryable } from './stack';
import type { RequestLine } from './wrk';

const COOKIE = 'pf.sid';
const DAY_MS = 24 * 3600 * 1000;

export interface Player {
  id: number;
  cookie: string;
  /** Sent as X-Forwarded-For: per-address limits apply per player. */
  address: string;
  pogs: number[];
}

/** Inserts one session per user; each one's Cookie header, in the same order. */
export async function mintSessions(db: Queryable, userIds: readonly number[], sessionSecret: string): Promise<string[]> {
  const keys = new Keygrip([sessionSecret]);
  const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, data, expires_at)
     SELECT h, u, jsonb_build_object('userId', u, '_expire', $3::bigint, '_maxAge', $4::bigint), now() + interval '30 days'
     FROM unnest($1::text[], $2::int[]) AS t(h, u)`,
    [tokens.map((t) => createHash('sha256').update(t).digest('hex')), userIds, Date.now() + 30 * DAY_MS, 30 * DAY_MS],
  );
  // With the readable "signed in" hint a browser keeps from its first answer (else every answer sets it).
  return tokens.map((token) => `${COOKIE}=${token}; ${COOKIE}.sig=${keys.sign(`${COOKIE}=${token}`)}; ${AUTH.signedInHintCookie}=1`);
}

/** `count` signed-in players, each with `pogsEach` scored POGs of their own (ids ascending). */
export async function seedPlayers(db: Queryable, count: number, sessionSecret: string, pogsEach = 1): Promise<Player[]> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (username, display_name, password_hash)
     SELECT $2::text || g, 'Bench player ' || g, 'not-a-real-hash' FROM generate_series(1, $1::int) AS g RETURNING id`,
    [count, `bench_${randomBytes(3).toString('hex')}_`],
  );
  const ids = rows.map((row) => row.id).sort((a, b) => a - b);
  const cookies = await mintSessions(db, ids, sessionSecret);
  const pogs = await db.query<{ id: number; user_id: number }>(
    `INSERT INTO pogs (user_id, creator_id, name, rarity, score, points, scored_version, scored_at, max_trades, trades_remaining)
     SELECT u, u, 'Bench POG ' || u || '-' || g, 'common', 10, 100, 1, now(), 15, 15
     FROM unnest($1::int[]) AS u, generate_series(1, $2::int) AS g RETURNING id, user_id`,
    [ids, pogsEach],
  );
  const players = ids.map((id, i): Player => ({ id, cookie: cookies[i]!, address: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, pogs: [] }));
  const byId = new Map(players.map((p) => [p.id, p]));
  for (const row of pogs.rows.sort((a, b) => a.id - b.id)) byId.get(row.user_id)!.pogs.push(row.id);
  return players;
}

/** One player's API call, with the cookie, address and Origin their browser sends; fails unless it answers `status`. */
export async function call<T = unknown>(baseUrl: string, player: Player, method: string, route: string, body: unknown, status: number): Promise<T> {
  const response = await fetch(baseUrl + route, {
    method,
    headers: { 'Content-Type': 'application/json', Origin: baseUrl, 'X-Forwarded-For': player.address, Cookie: player.cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== status) throw new Error(`${method} ${route} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** One player's Socket.IO connection (WebSocket only, no reconnection), once connected. */
export function connectSocket(url: string, cookie: string): Promise<Socket> {
  const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { cookie, origin: url } });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

export type Offer = RequestLine & { body: { fromUserId: number; toUserId: number; offerPogId: number; requestPogId: number } };

/**
 * Every offer the players can make (10 each, the daily limit): the k-th from player k mod N to the
 * player N/2 + floor(k / N) places on, so that the offers in flight at once never share a player.
 */
export function tradeOffers(players: Player[]): Offer[] {
  const n = players.length;
  if (n < 22) throw new Error('offers need 22 players or more (10 distinct recipients each, none of them the sender)');
  return Array.from({ length: n * 10 }, (_, k) => {
    const [from, to] = [players[k % n]!, players[(k + Math.floor(n / 2) + Math.floor(k / n)) % n]!];
    return { method: 'POST', path: '/api/trades', cookie: from.cookie, forwardedFor: from.address, body: { fromUserId: from.id, toUserId: to.id, offerPogId: from.pogs[0]!, requestPogId: to.pogs[0]! } };
  });
}
