/**
 * Many players and their sessions, made straight in the database (registering 1,000 players through
 * the API would hash 1,000 passwords): session rows as the app's SessionStore writes them, and the
 * signed cookies (koa-session, Keygrip over SESSION_SECRET) a browser would send for them, and
 * their sockets.
 */
import { createHash, randomBytes } from 'node:crypto';
import Keygrip from 'keygrip';
import { io, type Socket } from 'socket.io-client';
import { openDatabase } from '@pog/common/server';
import path from 'node:path';
import type { Queryable } from './scratch-db';

const COOKIE = 'pf.sid';
const DAY_MS = 24 * 3600 * 1000;

/** Inserts one session per user and returns each one's Cookie header, in the same order. */
export async function mintSessions(db: Queryable, userIds: readonly number[], sessionSecret: string): Promise<string[]> {
  const keys = new Keygrip([sessionSecret]);
  const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
  const expire = Date.now() + 30 * DAY_MS;
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, data, expires_at)
     SELECT h, u, jsonb_build_object('userId', u, '_expire', $3::bigint, '_maxAge', $4::bigint), now() + interval '30 days'
     FROM unnest($1::text[], $2::int[]) AS t(h, u)`,
    [tokens.map((t) => createHash('sha256').update(t).digest('hex')), userIds, expire, 30 * DAY_MS],
  );
  return tokens.map((token) => `${COOKIE}=${token}; ${COOKIE}.sig=${keys.sign(`${COOKIE}=${token}`)}`);
}

/** Gives every user `perUser` scored POGs of their own; returns them per user, in id order. */
export async function seedOwnPogs(db: Queryable, userIds: readonly number[], perUser: number): Promise<Map<number, number[]>> {
  const { rows } = await db.query<{ id: number; user_id: number }>(
    `INSERT INTO pogs (user_id, creator_id, name, rarity, score, points, scored_version, scored_at, max_trades, trades_remaining)
     SELECT u, u, 'Bench POG ' || u || '-' || g, 'common', 10, 100, 1, now(), 15, 15
     FROM unnest($1::int[]) AS u, generate_series(1, $2::int) AS g
     RETURNING id, user_id`,
    [userIds, perUser],
  );
  const byUser = new Map<number, number[]>();
  for (const row of rows.sort((a, b) => a.id - b.id)) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row.id]);
  return byUser;
}

/**
 * Opens an embedded app's database while the app is stopped (a PGlite folder is one process's at a
 * time), for `seed` to fill through plain SQL.
 */
export async function withEmbeddedDatabase<T>(dataDir: string, seed: (db: Queryable) => Promise<T>): Promise<T> {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    return await seed((database.db as unknown as { $client: Queryable }).$client);
  } finally {
    await database.close();
  }
}

/** One player's Socket.IO connection (WebSocket only, no reconnection), resolved once connected. */
export function connectSocket(url: string, cookie: string): Promise<Socket> {
  const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { cookie, origin: url } });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
