/**
 * The admin lists with more rows than a page: flagged POGs, all POGs and players come newest first,
 * a page at a time (X-Next-Cursor, passed back as `before`), each page saying how many rows match
 * in all (X-Total-Count), searchable, down to the oldest row.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, ApiResponse } from '../testing/api-client';
import { newAdmin } from '../testing/admins';
import { insertCrowd, type Crowd } from '../testing/admin-crowd';
import { backendTitle, BACKENDS, uniqueName } from '../testing/databases';
import { createPlayer, dbOf } from '../testing/factories';
import { startTestApp, type TestApp } from '../testing/test-app';

interface Row {
  id: number;
  name?: string;
  username: string;
  reportCount?: number | null;
}

const PLAYERS = 302;
const FLAGGED = 261;
const REJECTED = 20;
/** The queue's POG numbered n has n % 7 reports: 0 to 6, many ties, so the order by reports pages through ties. */
const REPORTS_MODULO = 7;

const totalOf = (res: ApiResponse) => Number(res.headers.get('x-total-count'));

describe.each(BACKENDS)('the admin lists, paged and counted', (backend) => {
  describe.skipIf(Boolean(backend.skipReason))(backendTitle(backend), () => {
    let app: TestApp;
    let admin: ApiClient;
    let crowd: Crowd;
    // Letters only, so that it is no LIKE pattern of its own and no other test's name contains it.
    const prefix = uniqueName('crowd').replace(/[^a-z]/g, 'x').slice(0, 20);

    beforeAll(async () => {
      // On PostgreSQL a database of its own, so the unfiltered totals are this file's rows alone.
      app = await startTestApp({ backend: backend.name, ownDatabase: true });
      admin = await newAdmin(app.url);
      crowd = await insertCrowd(dbOf(app), { prefix, players: PLAYERS, flagged: FLAGGED, rejected: REJECTED, reportsModulo: REPORTS_MODULO }, new Date());
    });
    afterAll(async () => {
      await app?.close();
    });

    /** Every page of `path` (which has a query already), following X-Next-Cursor; each page's total must be the first's. */
    async function walk(path: string): Promise<{ rows: Row[]; pages: number[]; total: number }> {
      const rows: Row[] = [];
      const pages: number[] = [];
      let total: number | undefined;
      let cursor: string | null = null;
      do {
        const res: ApiResponse<Row[]> = await admin.get(cursor ? `${path}&before=${cursor}` : path);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        total ??= totalOf(res);
        expect(totalOf(res)).toBe(total);
        rows.push(...res.body);
        pages.push(res.body.length);
        cursor = res.headers.get('x-next-cursor');
        expect(pages.length).toBeLessThan(50);
      } while (cursor);
      return { rows, pages, total: total ?? Number.NaN };
    }

    const expectNewestFirst = (rows: Row[]) => {
      const ids = rows.map((row) => row.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(new Set(ids).size).toBe(ids.length);
    };

    it('counts the whole review queue, not one page, and pages through it to the oldest', async () => {
      const first = await admin.get(`/api/admin/pogs/flagged?search=${prefix}`);
      // The default page is 200: the total still says 261.
      expect(first.body).toHaveLength(200);
      expect(totalOf(first)).toBe(FLAGGED);
      expect(first.headers.get('x-next-cursor')).toBe(String(first.body.at(-1).id));

      const { rows, pages, total } = await walk(`/api/admin/pogs/flagged?search=${prefix}&limit=100`);
      expect(total).toBe(FLAGGED);
      expect(pages).toEqual([100, 100, 61]);
      expectNewestFirst(rows);
      // The newest flagged POG first, the oldest last; the rejected ones are not in the queue.
      expect(rows[0]?.name).toBe(crowd.pogNames[FLAGGED - 1]);
      expect(rows.at(-1)?.name).toBe(crowd.pogNames[0]);
      expect(rows.map((row) => row.name)).toEqual(crowd.pogNames.slice(0, FLAGGED).reverse());
    });

    it('orders the review queue by reports, most first and newest first among equals, paging with the count in the cursor', async () => {
      const { rows, pages, total } = await walk(`/api/admin/pogs/flagged?search=${prefix}&sort=reports&limit=100`);
      expect(total).toBe(FLAGGED);
      expect(pages).toEqual([100, 100, 61]);
      // Every POG of the queue once, each with its count, in (count, id) order.
      const reportsOf = (name: string | undefined) => Number(name?.slice(-4)) % REPORTS_MODULO;
      expect(rows.map((row) => row.reportCount)).toEqual(rows.map((row) => reportsOf(row.name)));
      const order = [...rows].sort((a, b) => reportsOf(b.name) - reportsOf(a.name) || b.id - a.id);
      expect(rows.map((row) => row.id)).toEqual(order.map((row) => row.id));
      expect(new Set(rows.map((row) => row.name))).toEqual(new Set(crowd.pogNames.slice(0, FLAGGED)));
      expect(rows[0]?.reportCount).toBe(REPORTS_MODULO - 1);
      expect(rows.at(-1)?.reportCount).toBe(0);

      // The cursor is the last row's count and id; the first page's is mid-tie (many POGs share a count).
      const first = await admin.get(`/api/admin/pogs/flagged?search=${prefix}&sort=reports&limit=100`);
      const last = first.body.at(-1) as Row;
      expect(first.headers.get('x-next-cursor')).toBe(`${last.reportCount}:${last.id}`);
      expect(rows[100]?.reportCount).toBe(last.reportCount);
      // Newest first stays the default, with the id alone as its cursor.
      const newest = await admin.get(`/api/admin/pogs/flagged?search=${prefix}&limit=100`);
      expect(newest.headers.get('x-next-cursor')).toBe(String((newest.body.at(-1) as Row).id));
      expect((await admin.get(`/api/admin/pogs/flagged?search=${prefix}&sort=newest&limit=100`)).body).toEqual(newest.body);
    });

    it('refuses a sort it does not know, and a cursor of the other order (400)', async () => {
      const bad = await admin.get('/api/admin/pogs/flagged?sort=oldest');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch('sort must be newest or reports');
      expect((await admin.get('/api/admin/pogs/flagged?sort=reports&before=12')).status).toBe(400);
      expect((await admin.get('/api/admin/pogs/flagged?sort=reports&before=3:0')).status).toBe(400);
      expect((await admin.get('/api/admin/pogs/flagged?before=3:12')).status).toBe(400);
      expect((await admin.get('/api/admin/pogs/flagged?sort=reports&before=3:12')).status).toBe(200);
    });

    it('counts and pages All POGs the same way, and finds one POG by name or by owner, ignoring case', async () => {
      const { rows, pages, total } = await walk(`/api/admin/pogs/all?search=${prefix}&limit=150`);
      expect(total).toBe(PLAYERS);
      expect(pages).toEqual([150, 150, 2]);
      expectNewestFirst(rows);
      expect(rows[0]?.name).toBe(crowd.pogNames.at(-1));
      expect(rows.at(-1)?.name).toBe(crowd.pogNames[0]);

      const byName = await admin.get(`/api/admin/pogs/all?search=${encodeURIComponent(crowd.pogNames[150]!.toUpperCase())}`);
      expect(byName.body.map((row: Row) => row.name)).toEqual([crowd.pogNames[150]]);
      expect(totalOf(byName)).toBe(1);
      expect(byName.headers.get('x-next-cursor')).toBeNull();

      const byOwner = await admin.get(`/api/admin/pogs/flagged?search=${crowd.usernames[7]!.toUpperCase()}`);
      expect(byOwner.body.map((row: Row) => row.name)).toEqual([crowd.pogNames[7]]);
      expect(totalOf(byOwner)).toBe(1);

      const none = await admin.get(`/api/admin/pogs/all?search=${prefix}nothing`);
      expect(none.body).toEqual([]);
      expect(totalOf(none)).toBe(0);
      expect(none.headers.get('x-next-cursor')).toBeNull();
    });

    it('lists players newest first, counts them, pages to the oldest and finds one by username', async () => {
      const first = await admin.get(`/api/admin/users?search=${prefix}`);
      expect(first.body).toHaveLength(200);
      expect(totalOf(first)).toBe(PLAYERS);
      // The newest account is on the first page (it used to be the 200 oldest).
      expect(first.body[0].username).toBe(crowd.usernames.at(-1));

      const { rows, pages, total } = await walk(`/api/admin/users?search=${prefix}&limit=150`);
      expect(total).toBe(PLAYERS);
      expect(pages).toEqual([150, 150, 2]);
      expectNewestFirst(rows);
      expect(rows.map((row) => row.username)).toEqual([...crowd.usernames].reverse());

      const one = await admin.get(`/api/admin/users?search=${crowd.usernames[42]!.toUpperCase()}`);
      expect(one.body.map((row: Row) => row.username)).toEqual([crowd.usernames[42]]);
      expect(totalOf(one)).toBe(1);
    });

    it('counts every row without a search, and follows sign-ups, reports and decisions', async () => {
      const db = dbOf(app);
      const scalar = async (statement: ReturnType<typeof sql>) => Number(((await db.execute(statement)) as unknown as { rows: Array<{ n: unknown }> }).rows[0]!.n);
      const counts = async () => ({
        users: totalOf(await admin.get('/api/admin/users?limit=1')),
        all: totalOf(await admin.get('/api/admin/pogs/all?limit=1')),
        flagged: totalOf(await admin.get('/api/admin/pogs/flagged?limit=1')),
      });
      const before = await counts();
      expect(before).toEqual({
        users: await scalar(sql`SELECT count(*) AS n FROM users`),
        all: await scalar(sql`SELECT count(*) AS n FROM pogs`),
        flagged: await scalar(sql`SELECT count(*) AS n FROM pogs WHERE is_flagged AND moderation_status <> 'rejected'`),
      });
      expect(before.users).toBeGreaterThanOrEqual(PLAYERS);

      // A sign-up: one more player, first in the list.
      const reporter = await createPlayer(app, 'reporter');
      const users = await admin.get('/api/admin/users?limit=5');
      expect(users.body[0].id).toBe(reporter.id);
      expect(totalOf(users)).toBe(before.users + 1);

      // A report flags a POG that was not: the queue counts one more, with or without the search.
      const target = (await admin.get(`/api/admin/pogs/all?search=${encodeURIComponent(crowd.pogNames[290]!)}`)).body[0] as Row;
      expect((await reporter.client.post(`/api/pogs/${target.id}/report`, { reason: 'Looks copied' })).status).toBe(201);
      expect(await counts()).toEqual({ users: before.users + 1, all: before.all, flagged: before.flagged + 1 });
      expect(totalOf(await admin.get(`/api/admin/pogs/flagged?search=${prefix}&limit=1`))).toBe(FLAGGED + 1);

      // Approving it takes it out again; deleting another POG counts one fewer everywhere it was.
      expect((await admin.put(`/api/admin/pogs/${target.id}/moderate`, { isApproved: true, isFlagged: false })).status).toBe(200);
      const oldest = (await admin.get(`/api/admin/pogs/all?search=${encodeURIComponent(crowd.pogNames[0]!)}`)).body[0] as Row;
      expect((await admin.delete(`/api/admin/pogs/${oldest.id}`)).status).toBe(204);
      expect(await counts()).toEqual({ users: before.users + 1, all: before.all - 1, flagged: before.flagged - 1 });
    });

    it('refuses a page size over 500 and a cursor that is not an id (400)', async () => {
      expect((await admin.get('/api/admin/users?limit=501')).status).toBe(400);
      expect((await admin.get('/api/admin/pogs/flagged?before=abc')).status).toBe(400);
      expect((await admin.get('/api/admin/users?before=-1')).status).toBe(400);
    });
  });
});
