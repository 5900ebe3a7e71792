/**
 * Bursts of concurrent guesses against every guessing limit, shared by the one-app tests
 * (gateway/src/auth/guessing-limits.test.ts) and the two-gateway ones (gateway/src/cluster/
 * guessing-limits.test.ts). A limit of N must let exactly N guesses of a burst be checked, whatever
 * gateway each lands on; the answers tell: a checked guess is a 401 (or the 409 or 200 of what it
 * reached), a refused one a 429 that was never checked.
 */
import { randomInt } from 'node:crypto';
import { expect, it } from 'vitest';
import { AUTH, CHAT, REPORTS } from '@pog/common';
import { ApiClient, type ApiResponse } from './api-client';
import { uniqueName } from './databases';
import { pogDesign } from './players';
import type { UserId } from '@pog/common/schemas/ids';

export interface GuessingTarget {
  /** The gateways' base URLs: request i of a burst goes to gateway i mod their number. */
  gateways: string[];
  adminPassword: string;
}

const BURST = 100;
const PASSWORD = 'secret-password';
const WRONG_ADMIN = 'Invalid admin password';
const TOO_MANY_ADMIN = 'Too many wrong admin passwords. Please wait a few minutes and try again.';
const BAD_CREDENTIALS = 'Invalid username or password';
const TOO_MANY_LOGINS = 'Too many failed login attempts. Please wait a few minutes and try again.';
const TOO_MANY_ACCOUNTS = 'Too many accounts were created from your network. Please try again later.';
const LOGIN_WINDOW_SECONDS = AUTH.loginWindowMinutes * 60;

/** One browser (one client address, one cookie jar) per gateway. */
function browser(target: GuessingTarget, from = new ApiClient(target.gateways[0]!)): ApiClient[] {
  return target.gateways.map((url) => from.on(url));
}

const ONE_BLOCK = 'as many addresses of one IPv6 /64';

/** A /64 of the documentation range no other test uses, as its first four groups. */
const ipv6Block = () => `2001:db8:${randomInt(0xffff).toString(16)}:${randomInt(0xffff).toString(16)}`;

/** `count` browsers, each from another address of the /64 `block` (one client changing address), over the gateways in turn. */
function fromBlock(target: GuessingTarget, block: string, count = 1): ApiClient[] {
  return Array.from({ length: count }, (_, i) => new ApiClient(target.gateways[i % target.gateways.length]!, { address: `${block}:${(i + 1).toString(16)}::1` }));
}

/** Sends `count` requests at once, request i through `clients[i mod n]`. */
function burst(clients: ApiClient[], count: number, send: (client: ApiClient, i: number) => Promise<ApiResponse<any>>): Promise<ApiResponse<any>[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => send(clients[i % clients.length]!, i)));
}

/** How many answers had each status, e.g. { 401: 5, 429: 95 }. */
export function tally(responses: ApiResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of responses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** Every 429 says `message` and when to come back (within `windowSeconds`). */
function expectRefusals(responses: ApiResponse[], message: string | RegExp, windowSeconds: number): void {
  for (const res of responses.filter((r) => r.status === 429)) {
    expect(res.body).toMatchObject({ code: 'RATE_LIMITED', message });
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  }
}

async function registered(target: GuessingTarget, prefix: string): Promise<{ client: ApiClient; id: UserId; username: string }> {
  const client = new ApiClient(target.gateways[0]!);
  return { client, ...(await client.register(uniqueName(prefix), PASSWORD)) };
}

/** The tests; `target` is read when each test runs (after the suite's beforeAll). */
export function guessingBurstTests(target: () => GuessingTarget): void {
  it(`checks exactly ${AUTH.adminFailuresPerAddress} of ${BURST} concurrent admin password guesses from one address`, async () => {
    const t = target();
    const guesser = browser(t);
    const answers = await burst(guesser, BURST, (c, i) => c.post('/api/admin/auth', { password: `guess-${i}` }));
    expect(tally(answers)).toEqual({ 401: AUTH.adminFailuresPerAddress, 429: BURST - AUTH.adminFailuresPerAddress });
    for (const res of answers.filter((r) => r.status === 401)) expect(res.body.message).toBe(WRONG_ADMIN);
    expectRefusals(answers, TOO_MANY_ADMIN, LOGIN_WINDOW_SECONDS);
    // The right password is refused too from that address, on every gateway; another address gets in.
    for (const c of guesser) expect((await c.post('/api/admin/auth', { password: t.adminPassword })).status).toBe(429);
    expect((await new ApiClient(t.gateways.at(-1)!).post('/api/admin/auth', { password: t.adminPassword })).status).toBe(200);
  });

  it(`checks exactly ${AUTH.adminFailuresPerAddress} of ${BURST} admin password guesses from ${ONE_BLOCK}`, async () => {
    const t = target();
    const block = ipv6Block();
    const answers = await burst(fromBlock(t, block, BURST), BURST, (c, i) => c.post('/api/admin/auth', { password: `guess-${i}` }));
    expect(tally(answers)).toEqual({ 401: AUTH.adminFailuresPerAddress, 429: BURST - AUTH.adminFailuresPerAddress });
    // The next /64 is another client.
    expect((await fromBlock(t, ipv6Block())[0]!.post('/api/admin/auth', { password: t.adminPassword })).status).toBe(200);
  });

  it(`checks exactly ${AUTH.loginFailuresPerUsername} of ${BURST} concurrent password guesses on one name from one address`, async () => {
    const t = target();
    const victim = await registered(t, 'bv');
    const guesser = browser(t);
    const answers = await burst(guesser, BURST, (c, i) => c.post('/api/login', { username: victim.username, password: `wrong-${i}` }));
    expect(tally(answers)).toEqual({ 401: AUTH.loginFailuresPerUsername, 429: BURST - AUTH.loginFailuresPerUsername });
    for (const res of answers.filter((r) => r.status === 401)) expect(res.body.message).toBe(BAD_CREDENTIALS);
    expectRefusals(answers, TOO_MANY_LOGINS, LOGIN_WINDOW_SECONDS);
    // That address cannot try the name again, not even with the right password.
    for (const c of guesser) expect((await c.post('/api/login', { username: victim.username, password: PASSWORD })).status).toBe(429);
  });

  it.each(['one address', ONE_BLOCK])(`checks exactly ${AUTH.loginFailuresPerAddress} of ${BURST} concurrent guesses sprayed over ${BURST} names from %s`, async (source) => {
    const t = target();
    const sprayer = source === ONE_BLOCK ? fromBlock(t, ipv6Block(), BURST) : browser(t);
    const names = Array.from({ length: BURST }, () => uniqueName('spray'));
    const answers = await burst(sprayer, BURST, (c, i) => c.post('/api/login', { username: names[i], password: 'wrong-password' }));
    expect(tally(answers)).toEqual({ 401: AUTH.loginFailuresPerAddress, 429: BURST - AUTH.loginFailuresPerAddress });
    expectRefusals(answers, TOO_MANY_LOGINS, LOGIN_WINDOW_SECONDS);
  });

  it.each(['one address', ONE_BLOCK])(`checks exactly ${AUTH.registrationsPerAddressPerHour} of ${AUTH.registrationsPerAddressPerHour + 50} concurrent registrations from %s`, async (source) => {
    const t = target();
    const taken = await registered(t, 'taken');
    const count = AUTH.registrationsPerAddressPerHour + 50;
    const answers = await burst(source === ONE_BLOCK ? fromBlock(t, ipv6Block(), count) : browser(t), count, (c) => c.post('/api/register', { username: taken.username, password: PASSWORD }));
    // A checked registration of a taken name is a 409; the rest never reached the check.
    expect(tally(answers)).toEqual({ 409: AUTH.registrationsPerAddressPerHour, 429: 50 });
    expectRefusals(answers, TOO_MANY_ACCOUNTS, 3600);
  });

  it(`stores exactly one of ${BURST} concurrent reports of one POG by one player, and checks only ${REPORTS.perPlayerPerHour}`, async () => {
    const t = target();
    const owner = await registered(t, 'rowner');
    const created = await owner.client.post('/api/pogs', pogDesign(owner.id, { name: 'Reported Disc' }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const reporter = await registered(t, 'rep');
    const answers = await burst(browser(t, reporter.client), BURST, (c, i) => c.post(`/api/pogs/${created.body.id}/report`, { reason: `Report ${i}` }));
    // Every report counts against the player's hourly limit before it is filed: the limit's worth are
    // checked (one stored, the rest already reported), the others refused unchecked.
    expect(tally(answers)).toEqual({ 201: 1, 409: REPORTS.perPlayerPerHour - 1, 429: BURST - REPORTS.perPlayerPerHour });
    expectRefusals(answers, /^You have sent \d+ reports in the last hour/, 3600);
    const admin = new ApiClient(t.gateways[0]!);
    expect((await admin.post('/api/admin/auth', { password: t.adminPassword })).status).toBe(200);
    const reports = await admin.get(`/api/admin/pogs/${created.body.id}/reports`);
    expect(reports.body).toHaveLength(1);
  });

  it(`lets exactly ${CHAT.messagesPerMinute} of ${BURST} concurrent PogBot messages through the per-minute limit`, async () => {
    const t = target();
    const player = await registered(t, 'chat');
    const answers = await burst(browser(t, player.client), BURST, (c, i) => c.post(`/api/chat/${CHAT.conversationId}`, { message: `Question ${i} about POGs` }));
    const counts = tally(answers);
    expect(counts[429]).toBe(BURST - CHAT.messagesPerMinute);
    // Past the limit, each message was answered or found PogBot busy with another (409). On a loaded
    // machine BullMQ's queue may also not take the job within its 0.5 s budget (a 503): past the
    // limit all the same.
    const passed = answers.filter((r) => r.status !== 429);
    for (const res of passed) expect([200, 409, 503], JSON.stringify(res.body)).toContain(res.status);
    expect(passed).toHaveLength(CHAT.messagesPerMinute);
    expectRefusals(answers, /^You're sending messages faster than PogBot can answer/, 60);
    const history = await player.client.get(`/api/chat/${CHAT.conversationId}/history`);
    // PogBot answered every 200, and nothing that did not pass the limit.
    expect(history.body.length).toBeGreaterThanOrEqual(2 * (counts[200] ?? 0));
    expect(history.body.length).toBeLessThanOrEqual(2 * passed.length);
  });

  it('does not let a stranger who fails on a name from one address stop its player signing in from another', async () => {
    const t = target();
    const player = await registered(t, 'lock');
    const stranger = browser(t);
    const tries = await burst(stranger, AUTH.loginFailuresPerUsername + 5, (c, i) => c.post('/api/login', { username: player.username, password: `guess-${i}` }));
    expect(tally(tries)).toEqual({ 401: AUTH.loginFailuresPerUsername, 429: 5 });
    for (const c of browser(t)) {
      const res = await c.post('/api/login', { username: player.username, password: PASSWORD });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  });

  it('counts only wrong guesses: right ones give their point back, for players and admins alike', async () => {
    const t = target();
    const player = await registered(t, 'honest');
    const clients = browser(t);
    let n = 0;
    const next = () => clients[n++ % clients.length]!;
    const login = (password: string) => next().post('/api/login', { username: player.username, password });
    for (let i = 0; i < AUTH.loginFailuresPerUsername - 1; i++) expect((await login('wrong-password')).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await login(PASSWORD)).status).toBe(200);
    expect((await login('wrong-password')).status).toBe(401);
    expect((await login(PASSWORD)).status).toBe(429);

    const admin = (password: string) => next().post('/api/admin/auth', { password });
    for (let i = 0; i < AUTH.adminFailuresPerAddress - 1; i++) expect((await admin('wrong-guess')).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await admin(t.adminPassword)).status).toBe(200);
    expect((await admin('wrong-guess')).status).toBe(401);
    expect((await admin(t.adminPassword)).status).toBe(429);
  });
}
