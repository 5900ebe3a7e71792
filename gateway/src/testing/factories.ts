/**
 * Test data without the HTTP round trips: players signed in by a session written straight to the
 * store, POGs, trades and battles made by the domain's own commands (or rows inserted directly).
 * Setup only: what a test is about still goes through the API. See ./README.md.
 */
import Keygrip from 'keygrip';
import { AUTH, type Battle, type BattleType, type Trade } from '@pog/common';
import { acceptBattle, createBattle } from '@pog/domain/battles';
import { createTrade } from '@pog/domain/trades';
import { registerPlayer } from '@pog/domain/users';
import { type Db } from '@pog/domain/db';
import { hashPassword } from '../auth/passwords';
import { SESSION_COOKIE } from '../auth/session-cookie';
import { newSessionToken } from '../auth/session-store';
import { ApiClient } from './api-client';
import { uniqueName } from './databases';
import type { TestApp } from './test-app';
import type { BattleId, PogId, UserId } from '@pog/common/schemas/ids';

export { giveAchievements } from './achievements';
export { givePog } from './battles';

/** Every factory-made player's password, as ApiClient.register uses: they can sign in through the API too. */
export const TEST_PASSWORD = 'secret-password';

/** What newPlayer returns: a browser holding the player's session, and who they are. */
export interface TestPlayer {
  client: ApiClient;
  id: UserId;
  username: string;
}

/** One argon2 hash of TEST_PASSWORD per test process, not one per player. */
let passwordHash: Promise<string> | undefined;
const testPasswordHash = () => (passwordHash ??= hashPassword(TEST_PASSWORD));

const SESSION_MAX_AGE_MS = AUTH.sessionIdleDays * 24 * 3600 * 1000;

function gatewayOf(app: TestApp) {
  const context = app.runtime.context;
  if (!context) throw new Error('The factories need a test app that runs the gateway');
  return context;
}

/**
 * A browser signed in as `userId`: the session is written to the app's session store the way
 * koa-session writes it at sign-in, and the cookie signed with the app's keys.
 */
export async function signIn(app: TestApp, userId: UserId, client = new ApiClient(app.url)): Promise<ApiClient> {
  const { sessions, config } = gatewayOf(app);
  const token = newSessionToken();
  await sessions.set(token, { userId, _expire: Date.now() + SESSION_MAX_AGE_MS, _maxAge: SESSION_MAX_AGE_MS });
  client.setCookie(SESSION_COOKIE, token);
  client.setCookie(`${SESSION_COOKIE}.sig`, new Keygrip(config.sessionKeys).sign(`${SESSION_COOKIE}=${token}`));
  return client;
}

/**
 * A registered player (by the same command as POST /api/register, so their welcome job and the
 * admins' event follow), signed in: a drop-in for newPlayer without the HTTP call and the hashing.
 */
export async function createPlayer(app: TestApp, prefix = 'p'): Promise<TestPlayer> {
  const { db, clock } = gatewayOf(app);
  const row = await registerPlayer(db, { username: uniqueName(prefix), passwordHash: await testPasswordHash() }, clock.now());
  return { client: await signIn(app, row.id), id: row.id, username: row.username };
}

/** A pending trade offer from `from` to `to`, by the domain command (its notification and events included). */
export function offerTrade(app: TestApp, from: UserId, to: UserId, offerPogId: PogId, requestPogId: PogId): Promise<Trade> {
  const { db, clock } = gatewayOf(app);
  return createTrade(db, from, { fromUserId: from, toUserId: to, offerPogId, requestPogId }, clock.now());
}

/** A pending battle challenge, by the domain command. */
export function challenge(app: TestApp, challengerId: UserId, defenderId: UserId, challengerPogId: PogId, battleType: BattleType = 'standard'): Promise<Battle> {
  const { db, clock } = gatewayOf(app);
  return createBattle(db, challengerId, { challengerId, defenderId, challengerPogId, battleType }, clock.now());
}

/** The defender accepts a pending battle with one of their POGs, by the domain command. */
export function accept(app: TestApp, battleId: BattleId, defenderId: UserId, defenderPogId: PogId): Promise<Battle> {
  const { db, clock } = gatewayOf(app);
  return acceptBattle(db, battleId, defenderId, defenderPogId, clock.now());
}

/** The app's own database handle (units of work done through it wake the app's relay). */
export const dbOf = (app: TestApp): Db => app.runtime.db;
