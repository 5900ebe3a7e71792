import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH } from '@pog/common';
import { tables } from '@pog/domain/db';
import { asUserId } from '@pog/common/schemas/ids';
import { newAdmin } from '../testing/admins';
import { ApiClient, type ApiResponse } from '../testing/api-client';
import { setupTitle, TEST_SETUPS, uniqueName } from '../testing/databases';
import { startTestApp, type TestApp } from '../testing/test-app';

const HINT = AUTH.signedInHintCookie;
const HINT_SET = new RegExp(`^${HINT.replace('.', '\\.')}=1;`);
const hintLine = (res: ApiResponse) => res.headers.getSetCookie().find((line) => line.startsWith(`${HINT}=`));
const hinted = (client: ApiClient) => client.cookieHeader.split('; ').includes(`${HINT}=1`);

describe.each(TEST_SETUPS)('accounts and sessions', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ backend: setup.backend, env: setup.env });
    });
    afterAll(async () => {
      await app?.close();
    });
    const client = () => new ApiClient(app.url);

    it('registers, signs in and returns the user', async () => {
      const c = client();
      const username = uniqueName('Ab');
      const res = await c.post('/api/register', { username, password: 'secret-password' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        username,
        displayName: username,
        avatarInitials: username.slice(0, 2).toUpperCase(),
        avatarColor: expect.stringMatching(/^#[0-9A-F]{6}$/),
        role: 'user',
        streamPosition: expect.any(Number),
      });
      const cookie = res.headers.getSetCookie().find((l) => l.startsWith('pf.sid='))!;
      expect(cookie).toMatch(/httponly/i);
      expect(cookie).toMatch(/samesite=lax/i);
      expect(cookie).toMatch(/path=\//i);
      expect(cookie).not.toMatch(/secure/i);
      const me = await c.get('/api/user');
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(res.body.id);
    });

    it('answers GET /api/user with the player as they are now, after a change is announced and after a ban', async () => {
      const c = client();
      const res = await c.post('/api/register', { username: uniqueName('Cu'), password: 'secret-password' });
      const id = asUserId(res.body.id as number);
      // Asked for again and again: the same player each time. The stream position may move on
      // between two answers (an event for the player delivered meanwhile), never back.
      const sameAs = async (earlier: Record<string, unknown>) => {
        const { streamPosition, ...player } = (await c.get('/api/user')).body;
        const { streamPosition: before, ...earlierPlayer } = earlier;
        expect(player).toEqual(earlierPlayer);
        expect(streamPosition).toBeGreaterThanOrEqual(before as number);
      };
      const first = (await c.get('/api/user')).body;
      await sameAs(first);
      expect(first.role).toBe('user');
      // A change written and announced as the app does it: the next answer says it.
      await app.runtime.db.update(tables.users).set({ role: 'admin', displayName: 'Renamed' }).where(eq(tables.users.id, id));
      await app.runtime.context!.bus.announce({ type: 'user', userId: id });
      const changed = (await c.get('/api/user')).body;
      expect(changed).toMatchObject({ id, role: 'admin', displayName: 'Renamed' });
      await sameAs(changed);
      // A ban: refused at once, though an answer about the player was made just before.
      const admin = await newAdmin(app.url);
      expect((await admin.put(`/api/admin/users/${id}/moderate`, { isBanned: true, banReason: 'Cheating' })).status).toBe(200);
      expect((await c.get('/api/user')).status).toBe(401);
    });

    it('answers 401 UNAUTHORIZED when signed out', async () => {
      const res = await client().get('/api/user');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 'UNAUTHORIZED', message: 'You need to log in to perform this action.' });
    });

    it.each([
      [{ username: 'ab', password: 'secret-password' }, 'Username must be at least 3 characters'],
      [{ username: uniqueName(), password: '12345' }, 'Password must be at least 6 characters'],
      [{ password: 'secret-password' }, 'Username must be at least 3 characters'],
      [{ username: uniqueName() }, 'Password must be at least 6 characters'],
      [{ username: 'bad name!', password: 'secret-password' }, 'Username may only contain letters, digits, "_", "-" and "."'],
      [{ username: 'x'.repeat(33), password: 'secret-password' }, 'Username must be at most 32 characters'],
      [{ username: uniqueName(), password: 'p'.repeat(129) }, 'Password must be at most 128 characters'],
      [{ username: 12345, password: 'secret-password' }, 'Username must be at least 3 characters'],
    ])('refuses registration %j with "%s"', async (body, message) => {
      const res = await client().post('/api/register', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
    });

    it('refuses a taken username regardless of case with 409', async () => {
      const name = uniqueName('Case');
      await client().register(name);
      const res = await client().post('/api/register', { username: name.toUpperCase(), password: 'secret-password' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('That username is already taken. Please choose another.');
    });

    it('logs in with the same 401 for a wrong password and an unknown user', async () => {
      const name = uniqueName();
      await client().register(name, 'right-password');
      const wrong = await client().post('/api/login', { username: name, password: 'wrong-password' });
      const unknown = await client().post('/api/login', { username: uniqueName(), password: 'wrong-password' });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body).toEqual({ code: 'UNAUTHORIZED', message: 'Invalid username or password' });

      const c = client();
      const ok = await c.post('/api/login', { username: name.toUpperCase(), password: 'right-password' });
      expect(ok.status).toBe(200);
      expect(ok.body.username).toBe(name);
      expect((await c.get('/api/user')).status).toBe(200);
    });

    it('validates login input with the spec messages', async () => {
      const short = await client().post('/api/login', { username: 'ab', password: 'secret-password' });
      expect(short.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Username must be at least 3 characters' });
      const pw = await client().post('/api/login', { username: 'someone', password: '123' });
      expect(pw.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Password must be at least 6 characters' });
    });

    it('gives a new session id on every login', async () => {
      const name = uniqueName();
      const c = client();
      await c.register(name);
      const before = c.cookieHeader;
      await c.post('/api/login', { username: name, password: 'secret-password' });
      expect(c.cookieHeader).not.toBe(before);
      // The session the login replaced is over.
      const old = new ApiClient(app.url);
      (old as unknown as { cookies: Map<string, string> }).cookies = new Map(before.split('; ').map((p) => p.split('=') as [string, string]));
      expect((await old.get('/api/user')).status).toBe(401);
    });

    it('logout ends the session: the old cookie no longer works', async () => {
      const c = client();
      await c.register(uniqueName());
      const otherTab = c.clone();
      expect((await otherTab.get('/api/user')).status).toBe(200);
      const out = await c.post('/api/logout');
      expect(out.status).toBe(204);
      expect((await c.get('/api/user')).status).toBe(401);
      expect((await otherTab.get('/api/user')).status).toBe(401);
    });

    it('limits failed logins per username from one address to 10 in 15 minutes, with Retry-After', async () => {
      const name = uniqueName();
      await client().register(name);
      const guesser = client();
      for (let i = 0; i < 10; i++) {
        const res = await guesser.post('/api/login', { username: name, password: 'wrong-password' });
        expect(res.status).toBe(401);
      }
      const blocked = await guesser.post('/api/login', { username: name, password: 'secret-password' });
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe('RATE_LIMITED');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('limits failed logins per address to 30 in 15 minutes', async () => {
      const attacker = new ApiClient(app.url, { address: '192.0.2.77' });
      for (let i = 0; i < 30; i++) {
        const res = await attacker.post('/api/login', { username: uniqueName(), password: 'wrong-password' });
        expect(res.status).toBe(401);
      }
      const blocked = await attacker.post('/api/login', { username: uniqueName(), password: 'whatever-password' });
      expect(blocked.status).toBe(429);
      // Another address is unaffected.
      expect((await client().post('/api/login', { username: uniqueName(), password: 'wrong-password' })).status).toBe(401);
    });

    it('limits registrations to 100 an hour from one address', async () => {
      const taken = uniqueName();
      await client().register(taken);
      const busy = new ApiClient(app.url, { address: '198.51.100.9' });
      for (let i = 0; i < 100; i++) {
        const res = await busy.post('/api/register', { username: taken, password: 'secret-password' });
        expect(res.status).toBe(409);
      }
      const blocked = await busy.post('/api/register', { username: uniqueName(), password: 'secret-password' });
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe('RATE_LIMITED');
    });

    it('keeps the login and registration limits per address however the client rotates its own X-Forwarded-For', async () => {
      const sprayer = new ApiClient(app.url, { spoofForwardedFor: true });
      for (let i = 0; i < AUTH.loginFailuresPerAddress; i++) {
        expect((await sprayer.post('/api/login', { username: uniqueName(), password: 'wrong-password' })).status).toBe(401);
      }
      expect((await sprayer.post('/api/login', { username: uniqueName(), password: 'wrong-password' })).status).toBe(429);

      const taken = uniqueName();
      await client().register(taken);
      const registrar = new ApiClient(app.url, { spoofForwardedFor: true });
      for (let i = 0; i < AUTH.registrationsPerAddressPerHour; i++) {
        expect((await registrar.post('/api/register', { username: taken, password: 'secret-password' })).status).toBe(409);
      }
      expect((await registrar.post('/api/register', { username: uniqueName(), password: 'secret-password' })).status).toBe(429);
    });

    it('refuses cross-site unsafe requests even with a valid cookie', async () => {
      const c = client();
      await c.register(uniqueName());
      const byOrigin = await c.post('/api/logout', undefined, { origin: 'https://evil.example' });
      expect(byOrigin.status).toBe(403);
      expect(byOrigin.body.code).toBe('FORBIDDEN');
      const byFetchSite = await c.post('/api/logout', undefined, { 'sec-fetch-site': 'cross-site' });
      expect(byFetchSite.status).toBe(403);
      expect((await c.get('/api/user')).status).toBe(200);
      const sameOrigin = await c.post('/api/logout', undefined, { origin: app.url.replace('127.0.0.1', '127.0.0.1') });
      expect(sameOrigin.status).toBe(204);
    });

    it('answers malformed, oversized and unknown requests with JSON errors', async () => {
      const c = client();
      const malformed = await c.post('/api/login', '{"username": "abc", ', { 'content-type': 'application/json' });
      expect(malformed.status).toBe(400);
      expect(malformed.body.code).toBe('VALIDATION_ERROR');
      const huge = await c.post('/api/login', JSON.stringify({ username: 'abcdef', password: 'x'.repeat(1_100_000) }), {
        'content-type': 'application/json',
      });
      expect(huge.status).toBe(413);
      expect(huge.body.code).toBe('PAYLOAD_TOO_LARGE');
      const unknown = await c.get('/api/definitely-not-here');
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get('content-type')).toMatch(/json/);
      expect(unknown.body.code).toBe('NOT_FOUND');
      const notJson = await c.post('/api/register', 'username=abc', { 'content-type': 'text/plain' });
      expect(notJson.status).toBe(400);
      // PostgreSQL cannot store a NUL character in text: refused at the edge, in body and query alike.
      const nul = await c.post('/api/register', { username: 'ab\u0000cd', password: 'secret-password' });
      expect(nul.status).toBe(400);
      expect(nul.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'username contains a NUL character, which is not allowed in text.' });
      const player = client();
      const { id } = await player.register(uniqueName('nul'));
      const pog = await player.post('/api/pogs', { userId: id, name: 'Null\u0000Pog', textContent: 'x' });
      expect(pog.status).toBe(400);
      expect(pog.body.message).toBe('name contains a NUL character, which is not allowed in text.');
      const search = await c.get('/api/pogs?search=a%00b');
      expect(search.status).toBe(400);
      expect(search.body.code).toBe('VALIDATION_ERROR');
    });

    it('deletes expired player and admin sessions in the scheduled purge, leaving live ones alone', async () => {
      const db = app.runtime.db;
      const live = client();
      const { id: userId } = await live.register(uniqueName('purge'));
      const long = new Date('2001-01-01T00:00:00Z');
      const stale = `${uniqueName('stale')}`.padEnd(64, '0');
      await db.insert(tables.sessions).values({ tokenHash: stale, userId, data: { userId }, expiresAt: long });
      await db.insert(tables.adminSessions).values({ tokenHash: stale, expiresAt: long });

      const purged = await app.runtime.queue.run('sessions.purge', {});
      expect(purged.sessions).toBeGreaterThanOrEqual(1);
      expect(purged.adminSessions).toBeGreaterThanOrEqual(1);
      expect(await db.select().from(tables.sessions).where(eq(tables.sessions.tokenHash, stale))).toEqual([]);
      expect(await db.select().from(tables.adminSessions).where(eq(tables.adminSessions.tokenHash, stale))).toEqual([]);
      expect(await db.select({ userId: tables.sessions.userId }).from(tables.sessions).where(eq(tables.sessions.userId, userId))).toEqual([{ userId }]);
      expect((await live.get('/api/user')).status).toBe(200);
    });

    // The readable hint beside the session cookie (auth/session-cookie.ts): set and cleared with the
    // session, sent only when the browser's copy is wrong, and never a way in.
    describe('the signed-in hint cookie', () => {
      it('is set readable at registration and login, as long-lived as the session, and not sent again while right', async () => {
        const c = new ApiClient(app.url);
        const name = uniqueName('Hint');
        const registered = await c.post('/api/register', { username: name, password: 'secret-password' });
        expect(registered.status).toBe(201);
        const line = hintLine(registered)!;
        expect(line).toMatch(HINT_SET);
        expect(line).not.toMatch(/httponly/i);
        expect(line).toMatch(/samesite=lax/i);
        expect(line).toMatch(/path=\//i);
        expect(line).not.toMatch(/secure/i);
        const expires = Date.parse(/expires=([^;]+)/i.exec(line)![1]!);
        expect(expires - Date.now()).toBeGreaterThan((AUTH.sessionIdleDays - 1) * 24 * 3600 * 1000);

        const me = await c.get('/api/user');
        expect(me.status).toBe(200);
        expect(hintLine(me)).toBeUndefined();
        expect((await c.get('/api/pogs?limit=1')).headers.getSetCookie()).toEqual([]);

        const elsewhere = new ApiClient(app.url);
        const login = await elsewhere.post('/api/login', { username: name, password: 'secret-password' });
        expect(login.status).toBe(200);
        expect(hintLine(login)).toMatch(HINT_SET);
      });

      it('is cleared at logout, and a failed login sets none', async () => {
        const c = new ApiClient(app.url);
        const name = uniqueName('Hint');
        await c.register(name);
        expect(hinted(c)).toBe(true);
        expect((await c.post('/api/logout')).status).toBe(204);
        expect(hinted(c)).toBe(false);

        const wrong = new ApiClient(app.url);
        const refused = await wrong.post('/api/login', { username: name, password: 'wrong-password' });
        expect(refused.status).toBe(401);
        expect(hintLine(refused)).toBeUndefined();
        expect(hinted(wrong)).toBe(false);
      });

      it('is cleared when the session is gone (ended elsewhere, expired, unknown) and never signs anyone in', async () => {
        const c = new ApiClient(app.url);
        await c.register(uniqueName('Hint'));
        const otherTab = c.clone();
        await c.post('/api/logout');
        expect(hinted(otherTab)).toBe(true);
        const res = await otherTab.get('/api/user');
        expect(res.status).toBe(401);
        expect(hintLine(res)).toMatch(/expires=Thu, 01 Jan 1970/i);
        expect(hinted(otherTab)).toBe(false);

        const forged = new ApiClient(app.url);
        forged.setCookie(HINT, '1');
        expect((await forged.get('/api/user')).status).toBe(401);
        expect(hinted(forged)).toBe(false);
      });

      it('is cleared for a banned player, and set again for a session that predates it', async () => {
        const c = new ApiClient(app.url);
        const user = await c.register(uniqueName('Hint'));
        // A session from before the hint existed: the next answer adds it.
        const older = c.clone();
        (older as unknown as { cookies: Map<string, string> }).cookies.delete(HINT);
        const me = await older.get('/api/user');
        expect(me.status).toBe(200);
        expect(hintLine(me)).toMatch(HINT_SET);

        const admin = await newAdmin(app.url);
        expect((await admin.put(`/api/admin/users/${user.id}/moderate`, { isBanned: true, banReason: 'Hint test' })).status).toBe(200);
        expect((await c.get('/api/user')).status).toBe(401);
        expect(hinted(c)).toBe(false);
      });
    });

    it('reports health', async () => {
      const res = await client().get('/healthz');
      // The body names what was down: a 503 was seen once under load and could not be told apart.
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ status: 'ok', down: [], database: true, queue: true, relay: { sequencer: expect.any(Boolean), listening: true } });
    });
  });
});
