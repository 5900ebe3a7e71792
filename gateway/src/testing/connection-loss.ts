/**
 * Mixed traffic for tests that cut PostgreSQL's connections under it (a failover, a restart, an
 * operator's pg_terminate_backend): sign-ins, registrations, trade offers and their cancelling,
 * writes and reads, each request's answer kept for the test to judge.
 */
import type { Db } from '@pog/domain/db';
import { ApiClient } from './api-client';
import { givePog } from './battles';
import { uniqueName } from './databases';
import { TEST_PASSWORD } from './factories';
import type { PogId, UserId } from '@pog/common/schemas/ids';

export interface TrafficPlayer {
  client: ApiClient;
  id: UserId;
  username: string;
  pogId: PogId;
  /** An offer of theirs may be pending still: its offer or its cancelling was cut off. */
  unsure?: boolean;
}

export interface Answer {
  what: string;
  status: number;
  body: unknown;
}

/** Players registered through the API (so that a process of its own can serve them), each with a POG. */
export async function trafficPlayers(baseUrl: string, db: Db, count: number): Promise<TrafficPlayer[]> {
  const players: TrafficPlayer[] = [];
  for (let i = 0; i < count; i++) {
    const client = new ApiClient(baseUrl);
    const { id, username } = await client.register(uniqueName('cut'), TEST_PASSWORD);
    players.push({ client, id, username, pogId: await givePog(db, id) });
  }
  return players;
}

export const succeeded = (answer: Answer) => answer.status >= 200 && answer.status < 300;

/** The answers that are neither a success nor a 503 with the catalogue's body. */
export function unexpected(answers: Answer[]): Answer[] {
  return answers.filter((answer) => !succeeded(answer) && !(answer.status === 503 && (answer.body as { code?: string }).code === 'SERVER_ERROR'));
}

type Note = (what: string, request: Promise<{ status: number; body: unknown }>) => Promise<Answer>;

/**
 * One round, all at once: one new player registers; every player signs in on another browser (and
 * out again), offers the next player a trade and cancels it, marks their notifications read, and
 * reads their notifications, the current user and the player list.
 */
export async function trafficRound(baseUrl: string, players: TrafficPlayer[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  const note: Note = async (what, request) => {
    // No answer at all (status 0): the process is gone, or dropped the connection.
    const { status, body } = await request.catch((error: unknown) => ({ status: 0, body: String((error as Error).cause ?? error) }));
    const answer = { what, status, body };
    answers.push(answer);
    return answer;
  };
  await Promise.all([
    note('register', new ApiClient(baseUrl).post('/api/register', { username: uniqueName('cutnew'), password: TEST_PASSWORD })),
    ...players.map(async (player, i) => {
      const browser = new ApiClient(baseUrl);
      const login = await note('login', browser.post('/api/login', { username: player.username, password: TEST_PASSWORD }));
      await offerAndCancel(player, players[(i + 1) % players.length]!, note);
      if (succeeded(login)) await note('logout', browser.post('/api/logout'));
    }),
    ...players.flatMap((player) => [
      note('mark read', player.client.post('/api/notifications/read', {})),
      note('notifications', player.client.get('/api/notifications')),
      note('current user', player.client.get('/api/user')),
      note('players', player.client.get('/api/users')),
    ]),
  ]);
  return answers;
}

/** Offers `next` a trade and cancels it, after cancelling what a cut-off round may have left pending. */
async function offerAndCancel(player: TrafficPlayer, next: TrafficPlayer, note: Note): Promise<void> {
  if (player.unsure && !(await cancelPending(player, note))) return;
  player.unsure = true;
  const offer = await note('offer a trade', player.client.post('/api/trades', { fromUserId: player.id, toUserId: next.id, offerPogId: player.pogId, requestPogId: next.pogId }));
  if (!succeeded(offer)) return;
  const cancel = await note('cancel a trade', player.client.post(`/api/trades/${(offer.body as { id: number }).id}/cancel`, { userId: player.id }));
  player.unsure = !succeeded(cancel);
}

/** Cancels the player's pending offers; whether that went through. */
async function cancelPending(player: TrafficPlayer, note: Note): Promise<boolean> {
  const pending = await note('pending trades', player.client.get(`/api/trades/pending/${player.id}`));
  if (!succeeded(pending)) return false;
  for (const trade of pending.body as Array<{ id: number; fromUserId: UserId }>) {
    if (trade.fromUserId !== player.id) continue;
    if (!succeeded(await note('cancel a pending trade', player.client.post(`/api/trades/${trade.id}/cancel`, { userId: player.id })))) return false;
  }
  player.unsure = false;
  return true;
}

/**
 * Rounds of traffic on each gateway while `cut` ends the database's connections `cuts` times, a
 * little apart; every answer, and how many connections were ended.
 */
export async function cutUnderTraffic(
  gateways: Array<{ url: string; players: TrafficPlayer[] }>,
  cut: () => Promise<number>,
  cuts = 4,
): Promise<{ answers: Answer[]; ended: number }> {
  const answers: Answer[] = [];
  let ended = 0;
  let cutting = true;
  const traffic = gateways.map(async ({ url, players }) => {
    while (cutting) answers.push(...(await trafficRound(url, players)));
  });
  for (let i = 0; i < cuts; i++) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    ended += await cut();
  }
  cutting = false;
  await Promise.all(traffic);
  return { answers, ended };
}
