/**
 * Inputs that once answered 500, each pinned: nested and oversized JSON, compressed
 * or mis-encoded bodies, and ids outside what the id columns hold, in paths, queries, bodies and
 * cursors. The property-based fuzz test (fuzz.test.ts) looks for the ones nobody thought of.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_BYTES, MAX_JSON_DEPTH } from '@pog/common';
import { newAdmin } from '../testing/admins';
import { ApiClient } from '../testing/api-client';
import { backendTitle, BACKENDS } from '../testing/databases';
import { newPlayer } from '../testing/players';
import { startTestApp, type TestApp } from '../testing/test-app';

const JSON_TYPE = { 'content-type': 'application/json' };
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe.each(BACKENDS)('hostile input', (backend) => {
  describe.skipIf(Boolean(backend.skipReason))(backendTitle(backend), () => {
    let app: TestApp;
    let player: Awaited<ReturnType<typeof newPlayer>>;
    let admin: ApiClient;
    beforeAll(async () => {
      app = await startTestApp({ backend: backend.name });
      player = await newPlayer(app.url, 'h');
      admin = await newAdmin(app.url);
    });
    afterAll(async () => {
      await app?.close();
    });

    /** A 4xx with the `{message, code}` body, and the code we expect. */
    function expectRefused(res: { status: number; body: any }, status: number, code = 'VALIDATION_ERROR') {
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body).toMatchObject({ message: expect.any(String), code });
    }

    it('refuses deeply nested JSON with 400 before parsing it, signed in or not', async () => {
      const deep = '['.repeat(20_000) + ']'.repeat(20_000);
      expectRefused(await new ApiClient(app.url).post('/api/login', deep, JSON_TYPE), 400);
      expectRefused(await player.client.post('/api/notifications/read', `{"ids":${deep}}`, JSON_TYPE), 400);
      const justTooDeep = '{"a":'.repeat(MAX_JSON_DEPTH + 1) + '1' + '}'.repeat(MAX_JSON_DEPTH + 1);
      const res = await new ApiClient(app.url).post('/api/login', justTooDeep, JSON_TYPE);
      expectRefused(res, 400);
      expect(res.body.message).toBe(`The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`);
      // Brackets inside strings are text, not nesting.
      const bracketsInText = await new ApiClient(app.url).post('/api/login', { username: '['.repeat(100), password: '{'.repeat(100) });
      expectRefused(bracketsInText, 400);
      expect(bracketsInText.body.message).toMatch(/Username/);
    });

    it('refuses large bodies with 413 without signing in, several at once', async () => {
      const big = JSON.stringify({ username: 'abcdef', password: 'x'.repeat(800_000) });
      const answers = await Promise.all(Array.from({ length: 8 }, () => new ApiClient(app.url).post('/api/login', big, JSON_TYPE)));
      for (const res of answers) expectRefused(res, 413, 'PAYLOAD_TOO_LARGE');
      const justOver = JSON.stringify({ username: 'abcdef', password: 'x'.repeat(MAX_JSON_BYTES) });
      expectRefused(await player.client.post('/api/notifications/read', justOver, JSON_TYPE), 413, 'PAYLOAD_TOO_LARGE');
    });

    it('refuses compressed, mis-labelled and mis-encoded bodies with 415 or 400', async () => {
      const body = JSON.stringify({ username: 'abcdef', password: 'secret-password' });
      const anonymous = new ApiClient(app.url);
      expectRefused(await anonymous.post('/api/login', body, { ...JSON_TYPE, 'content-encoding': 'gzip' }), 415);
      expectRefused(await anonymous.post('/api/login', gzipSync(body).toString('latin1'), { ...JSON_TYPE, 'content-encoding': 'gzip' }), 415);
      expectRefused(await anonymous.post('/api/login', body, { ...JSON_TYPE, 'content-encoding': 'br, identity' }), 415);
      expectRefused(await anonymous.post('/api/login', body, { 'content-type': 'application/json; charset=latin1' }), 415);
      const notUtf8 = await fetch(`${app.url}/api/login`, { method: 'POST', headers: JSON_TYPE, body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]) });
      expectRefused({ status: notUtf8.status, body: await notUtf8.json() }, 400);
      expectRefused(await anonymous.post('/api/login', '{"username": "abc", ', JSON_TYPE), 400);
    });

    it('answers a method a path does not have with 405 and a JSON body, also an unknown method', async () => {
      const put = await new ApiClient(app.url).put('/healthz');
      expectRefused(put, 405);
      expect(put.headers.get('allow')).toMatch(/GET/);
      // koa-router would answer a method no route uses with a bare 501.
      expectRefused(await player.client.request('PROPFIND', '/healthz'), 405);
      expectRefused(await player.client.request('PROPFIND', '/api/pogs'), 404, 'NOT_FOUND');
    });

    it('refuses __proto__ keys anywhere in a body', async () => {
      const res = await player.client.post('/api/notifications/read', '{"ids":[],"__proto__":{"isAdmin":true}}', JSON_TYPE);
      expectRefused(res, 400);
      expect(res.body.message).toBe('__proto__ is not an allowed field name.');
    });

    it('refuses path ids that are not canonical positive integers in range', async () => {
      for (const id of ['1e3', '0x10', '1%0a', '%201', '01', '0', '-1', '1.0', '2147483648', '99999999999', '9'.repeat(40)]) {
        for (const path of [`/api/pogs/${id}`, `/api/users/${id}/pogs`, `/api/trades/pending/${id}`, `/api/battles/history/${id}`]) {
          expectRefused(await player.client.get(path), 400);
        }
        expectRefused(await admin.get(`/api/admin/pogs/${id}/reports`), 400);
      }
    });

    it('refuses query ids out of range', async () => {
      expectRefused(await player.client.get('/api/pogs?creator=99999999999'), 400);
      expectRefused(await player.client.get('/api/pogs?creator=1e3'), 400);
      expectRefused(await player.client.get('/api/pogs?creator=1&creator=2'), 400);
      for (const query of ['before=99999999999', 'before=2147483648', 'before=0x10']) {
        expectRefused(await admin.get(`/api/admin/pogs/all?${query}`), 400);
        expectRefused(await admin.get(`/api/admin/audit?${query}`), 400);
      }
      expectRefused(await admin.get('/api/admin/users?before=99999999999'), 400);
      expectRefused(await admin.get('/api/admin/audit?targetId=99999999999'), 400);
    });

    it('refuses body ids out of range', async () => {
      const huge = 2_147_483_648;
      const { client, id } = player;
      expectRefused(await client.post('/api/trades', { fromUserId: id, toUserId: huge, offerPogId: 1, requestPogId: 1 }), 400);
      expectRefused(await client.post('/api/battles', { challengerId: id, defenderId: 1, challengerPogId: 1e12 }), 400);
      expectRefused(await client.post('/api/battles/1/accept', { defenderPogId: huge }), 400);
      expectRefused(await client.post('/api/trades/1/cancel', { userId: huge }), 400);
      expectRefused(await client.post('/api/notifications/read', { ids: [1, huge] }), 400);
      expectRefused(await client.post('/api/pogs', { userId: huge, name: 'Too far' }), 400);
    });

    it('refuses cursors whose ids or points are out of range', async () => {
      for (const cursor of [{ id: 99_999_999_999 }, { id: 0 }, { id: 1.5 }, { id: 5, points: 1e12 }, { id: '5' }, null, [1]]) {
        expectRefused(await player.client.get(`/api/pogs?cursor=${cursorOf(cursor)}`), 400);
        expectRefused(await player.client.get(`/api/pogs?sort=trending&cursor=${cursorOf(cursor)}`), 400);
      }
      expect((await player.client.get(`/api/pogs?sort=trending&cursor=${cursorOf({ id: 5, points: 10 })}`)).status).toBe(200);
    });
  });
});
