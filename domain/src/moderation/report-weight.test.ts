/**
 * Reports with weight, on both databases: the report count is kept on the POG by the report's own
 * transaction; enough distinct reporters hide a POG awaiting review from Explore's lists and search
 * and from other players' views, never from its owner; a decision ends the hiding (approve shows it
 * again) and tells every reporter once, in the decision's own transaction; and the lists' partial
 * indexes still serve the list statements (EXPLAIN).
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQueueQuerySchema, reportsCursor } from '@pog/common/moderation/schemas';
import { pogLink } from '@pog/common/notifications/links';
import type { PogListQuery } from '@pog/common/pogs/pog';
import type { PogId, UserId } from '@pog/common/schemas/ids';
import type { Database } from '../db/client';
import { rawQuery } from '../db/raw-query';
import { notifications, pogReports, pogs } from '../db/schema';
import { pageValues, statementFor } from '../pogs/list-page';
import { mayViewPog } from '../pogs/policy';
import { findPog, holdsHiddenPogs, listOwnedPogs, listPogs, ownHiddenPogs, ownHiddenStatement, pogListStatement, toPog, toPogWithNotes } from '../pogs/repository';
import { openWithPlayers, randomTag, TEST_BACKENDS } from '../testing/backends';
import { insertPog as insertCountedPog } from '../testing/pogs';
import { startAdminSession } from './admin-sessions';
import { moderatePogsInBulk } from './bulk-moderation';
import { deletePogAsAdmin, moderatePog } from './pog-moderation';
import { adminPogPageStatement, awaitingReview, listPogsForAdmin, listReports } from './queries';
import { reportAnswerText } from './report-answers';
import { ALREADY_REPORTED, reportPog } from './reports';
import { deleteSpammer } from './spammer';
import { createTrade } from '../trades/commands';

const THRESHOLD = 3;
const DAY = 24 * 3600_000;

describe.each(TEST_BACKENDS)('reports with weight on $name', ({ open, skip }) => {
  let database: Database;
  /** owner, five reporters, a bystander, a spammer. */
  let players: UserId[];
  const tag = randomTag();
  const now = new Date();
  let session: Awaited<ReturnType<typeof startAdminSession>>['id'];
  const owner = () => players[0]!;
  const reporter = (n: number) => players[n]!;
  const bystander = () => players[6]!;
  const spammer = () => players[7]!;

  beforeAll(async () => {
    if (skip) return;
    ({ database, players } = await openWithPlayers(open, ['owner', 'ra', 'rb', 'rc', 'rd', 're', 'by', 'sp'].map((name) => `${name}_${tag}`)));
    session = (await startAdminSession(database.db, `${tag}-${Math.random()}`, now, new Date(now.getTime() + DAY))).id;
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  /** A scored POG of the owner's (or `holder`'s), counted as held (an admin's delete counts it off again). */
  async function insertPog(name: string, points = 10, holder = owner()): Promise<PogId> {
    const row = await insertCountedPog(database.db, { userId: holder, creatorId: holder, name: `${name} ${tag}`, textContent: tag, points, score: 50, scoredVersion: 1, maxTrades: 15, tradesRemaining: 15 });
    return row.id;
  }
  const report = (pogId: PogId, by: UserId, reason = `reason of ${by}`) => reportPog(database.db, { pogId, userId: by, reason, reportsToHide: THRESHOLD }, now);
  const row = async (pogId: PogId) => (await findPog(database.db, pogId))!.pog;
  /** The owner's POGs on Explore as `viewer` gets them: the plain page (creator filter: only this test's) and the search. */
  async function explore(viewer: UserId | undefined, sort: PogListQuery['sort'] = 'recent'): Promise<{ plain: PogId[]; searched: PogId[] }> {
    const page = async (query: PogListQuery) => {
      const own = viewer === undefined ? [] : await ownHiddenPogs(database.db, viewer, query);
      return (await listPogs(database.db, query, undefined, own)).rows.map((found) => found.pog.id);
    };
    return { plain: await page({ sort, limit: 50, creator: owner() }), searched: await page({ sort, limit: 50, search: tag }) };
  }
  const answers = (userId: UserId) =>
    database.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, 'report.resolved')));
  /** The transaction that last wrote a row (PostgreSQL's xmin), to show two rows were written by one. */
  async function writtenBy(table: 'pogs' | 'pog_reports' | 'notifications', id: number): Promise<string> {
    const result = (await database.db.execute(sql`SELECT xmin::text AS xmin FROM ${sql.identifier(table)} WHERE id = ${id}`)) as unknown as { rows: Array<{ xmin: string }> };
    return result.rows[0]!.xmin;
  }

  it.skipIf(skip)('counts each report on the POG, in the report’s own transaction', async () => {
    const id = await insertPog('Counted');
    expect((await row(id)).reportCount).toBe(0);
    await report(id, reporter(1));
    await report(id, reporter(2));
    expect(await row(id)).toMatchObject({ reportCount: 2, isFlagged: true, hiddenByReports: false });
    const [latest] = await database.db.select().from(pogReports).where(and(eq(pogReports.pogId, id), eq(pogReports.userId, reporter(2))));
    expect(await writtenBy('pog_reports', latest!.id)).toBe(await writtenBy('pogs', id));
    // A second report by the same player is refused and counts nothing.
    await expect(report(id, reporter(2))).rejects.toThrow(ALREADY_REPORTED);
    expect((await row(id)).reportCount).toBe(2);
    expect(await listReports(database.db, id)).toHaveLength(2);
    // The admins see the count (and the owner, who sees the notes too); others do not.
    const found = (await findPog(database.db, id))!;
    expect(toPogWithNotes(found, now).reportCount).toBe(2);
    expect(toPog(found, now).reportCount).toBeNull();
  });

  it.skipIf(skip)('hides a POG from Explore’s lists and search and from other players at the threshold, never from its owner', async () => {
    const id = await insertPog('Hidden', 30);
    const neighbour = await insertPog('Neighbour', 20);
    await report(id, reporter(1));
    await report(id, reporter(2));
    for (const sort of ['recent', 'trending'] as const) {
      const seen = await explore(bystander(), sort);
      expect(seen.plain).toContain(id);
      expect(seen.searched).toContain(id);
    }
    expect((await row(id)).hiddenByReports).toBe(false);

    expect(await holdsHiddenPogs(database.db, owner())).toBe(false);
    await report(id, reporter(3));
    expect(await holdsHiddenPogs(database.db, owner())).toBe(true);
    expect(await holdsHiddenPogs(database.db, bystander())).toBe(false);
    const hidden = await row(id);
    expect(hidden).toMatchObject({ reportCount: THRESHOLD, hiddenByReports: true, moderationStatus: 'none' });
    for (const sort of ['recent', 'trending'] as const) {
      for (const viewer of [bystander(), reporter(1), undefined]) {
        const seen = await explore(viewer, sort);
        expect(seen.plain, `${sort} ${viewer}`).not.toContain(id);
        expect(seen.searched, `${sort} ${viewer}`).not.toContain(id);
        expect(seen.plain).toContain(neighbour);
      }
      // Its owner still finds it on Explore, in its place: after the newer neighbour, before it by points.
      const mine = await explore(owner(), sort);
      expect(mine.plain).toContain(id);
      expect(mine.searched).toContain(id);
      expect(mine.plain.indexOf(id) < mine.plain.indexOf(neighbour)).toBe(sort === 'trending');
    }
    // Other players' views: the POG itself, the owner's profile list.
    expect(mayViewPog({ id: bystander() }, hidden)).toBe(false);
    expect(mayViewPog(undefined, hidden)).toBe(false);
    expect(mayViewPog({ id: owner() }, hidden)).toBe(true);
    expect((await listOwnedPogs(database.db, owner(), false)).map((found) => found.pog.id)).not.toContain(id);
    expect((await listOwnedPogs(database.db, owner(), true)).map((found) => found.pog.id)).toContain(id);
    // Out of sight, it can be reported no more.
    await expect(report(id, reporter(4))).rejects.toThrow('That POG does not exist');
    // Nor asked for in a trade offer.
    const offered = await insertPog('Bystander offer', 10, bystander());
    await expect(createTrade(database.db, bystander(), { fromUserId: bystander(), toUserId: owner(), offerPogId: offered, requestPogId: id }, now)).rejects.toThrow(
      'The POG you asked for does not exist any more.',
    );
  });

  it.skipIf(skip)('pages the owner’s Explore with a hidden POG merged in, each POG once', async () => {
    const ids: PogId[] = [];
    for (let n = 0; n < 5; n += 1) ids.push(await insertPog(`Paged ${n}`, n));
    for (const by of [1, 2, 3]) await report(ids[2]!, reporter(by));
    const pages: PogId[][] = [];
    let cursor: string | undefined;
    do {
      const query: PogListQuery = { sort: 'recent', limit: 2, creator: owner(), search: 'Paged', ...(cursor ? { cursor } : {}) };
      const page = await listPogs(database.db, query, undefined, await ownHiddenPogs(database.db, owner(), query));
      pages.push(page.rows.map((found) => found.pog.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages.flat()).toEqual([...ids].reverse());
  });

  it.skipIf(skip)('approving shows it again and tells every reporter once, in the decision’s transaction', async () => {
    const id = await insertPog('Approved');
    for (const by of [1, 2, 3]) await report(id, reporter(by));
    expect((await row(id)).hiddenByReports).toBe(true);

    const approved = await moderatePog(database.db, { pogId: id, decision: 'approved', notes: null, adminSessionId: session }, now);
    expect(approved.pog).toMatchObject({ hiddenByReports: false, moderationStatus: 'approved', reportCount: 3 });
    expect((await explore(bystander())).plain).toContain(id);
    expect(mayViewPog({ id: bystander() }, approved.pog)).toBe(true);
    const decidedBy = await writtenBy('pogs', id);
    for (const by of [1, 2, 3]) {
      const told = (await answers(reporter(by))).filter((n) => n.link === pogLink(id));
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ ...reportAnswerText(`Approved ${tag}`, 'approved'), link: pogLink(id) });
      expect(await writtenBy('notifications', told[0]!.id)).toBe(decidedBy);
    }
    expect((await listReports(database.db, id)).every((each) => each.resolvedAt !== null)).toBe(true);

    // A later decision tells nobody again; a report made since is answered by the next one alone.
    await moderatePog(database.db, { pogId: id, decision: 'rejected', notes: null, adminSessionId: session }, new Date(now.getTime() + 1000));
    for (const by of [1, 2, 3]) expect((await answers(reporter(by))).filter((n) => n.link === pogLink(id))).toHaveLength(1);
    await moderatePog(database.db, { pogId: id, decision: 'approved', notes: null, adminSessionId: session }, new Date(now.getTime() + 2000));
    await report(id, reporter(4));
    // Decided on already: counted, but neither flagged nor hidden again.
    expect(await row(id)).toMatchObject({ reportCount: 4, hiddenByReports: false, moderationStatus: 'approved' });
    await deletePogAsAdmin(database.db, { pogId: id, adminSessionId: session }, new Date(now.getTime() + 3000));
    const [deletedTold, ...more] = (await answers(reporter(4))).filter((n) => n.link === pogLink(id));
    expect(more).toEqual([]);
    expect(deletedTold).toMatchObject(reportAnswerText(`Approved ${tag}`, 'deleted'));
    for (const by of [1, 2, 3]) expect((await answers(reporter(by))).filter((n) => n.link === pogLink(id))).toHaveLength(1);
  });

  it.skipIf(skip)('rejecting keeps it out of sight as rejected, and tells the reporters so', async () => {
    const id = await insertPog('Rejected');
    for (const by of [1, 2, 3]) await report(id, reporter(by));
    await moderatePog(database.db, { pogId: id, decision: 'rejected', notes: null, adminSessionId: session }, now);
    expect(await row(id)).toMatchObject({ hiddenByReports: false, moderationStatus: 'rejected' });
    expect((await explore(bystander())).plain).not.toContain(id);
    expect((await explore(owner())).plain).not.toContain(id);
    for (const by of [1, 2, 3]) {
      expect((await answers(reporter(by))).filter((n) => n.link === pogLink(id)).map((n) => n.body)).toEqual([reportAnswerText(`Rejected ${tag}`, 'rejected').body]);
    }
  });

  it.skipIf(skip)('answers the reports of every POG a bulk decision or Delete spammer decides, once each', async () => {
    const [first, second] = [await insertPog('Bulk one'), await insertPog('Bulk two')];
    await report(first, reporter(4));
    await report(second, reporter(4));
    await report(second, reporter(5));
    await moderatePogsInBulk(database.db, { action: 'reject', pogIds: [first, second], notes: null, adminSessionId: session }, now);
    const toldOf = async (by: UserId, pogId: PogId) => (await answers(by)).filter((n) => n.link === pogLink(pogId)).map((n) => n.body);
    expect(await toldOf(reporter(4), first)).toEqual([reportAnswerText(`Bulk one ${tag}`, 'rejected').body]);
    expect(await toldOf(reporter(4), second)).toEqual([reportAnswerText(`Bulk two ${tag}`, 'rejected').body]);
    expect(await toldOf(reporter(5), second)).toEqual([reportAnswerText(`Bulk two ${tag}`, 'rejected').body]);

    // A spammer's POGs go with the account: their reporters are told they were removed.
    const spam = await insertPog('Spam', 10, spammer());
    await report(spam, reporter(4));
    await deleteSpammer(database.db, { userId: spammer(), reason: 'Spam links', adminSessionId: session }, now);
    expect(await findPog(database.db, spam)).toBeUndefined();
    expect(await toldOf(reporter(4), spam)).toEqual([reportAnswerText(`Spam ${tag}`, 'deleted').body]);
  });

  it.skipIf(skip)('tells no reporter of a decision that did not commit', async () => {
    const id = await insertPog('Refused');
    for (const by of [1, 2, 3]) await report(id, reporter(by));
    // The admins' event is written last, at commit: a trigger refusing it fails the decision after the reporters were notified.
    await database.db.execute(sql.raw(`CREATE FUNCTION refuse_event_${tag}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.stream = 'admins' AND NEW.payload->'pog'->>'id' = '${id}' THEN RAISE EXCEPTION 'event refused'; END IF; RETURN NEW; END $$`));
    await database.db.execute(sql.raw(`CREATE TRIGGER refuse_event_${tag} BEFORE INSERT ON outbox_events FOR EACH ROW EXECUTE FUNCTION refuse_event_${tag}()`));
    try {
      const failure = await moderatePog(database.db, { pogId: id, decision: 'approved', notes: null, adminSessionId: session }, now).then(
        () => null,
        (error: unknown) => error as Error & { cause?: Error },
      );
      expect(`${failure?.message} ${failure?.cause?.message}`).toMatch(/event refused/);
    } finally {
      await database.db.execute(sql.raw(`DROP TRIGGER refuse_event_${tag} ON outbox_events`));
      await database.db.execute(sql.raw(`DROP FUNCTION refuse_event_${tag}()`));
    }
    expect(await row(id)).toMatchObject({ hiddenByReports: true, moderationStatus: 'none' });
    for (const by of [1, 2, 3]) expect((await answers(reporter(by))).filter((n) => n.link === pogLink(id))).toEqual([]);
    expect((await listReports(database.db, id)).map((each) => each.resolvedAt)).toEqual([null, null, null]);
  });

  it.skipIf(skip)('orders the review queue by reports, a page at a time, the cursor holding the count', async () => {
    const counts = [2, 0, 4, 2, 1];
    const ids: PogId[] = [];
    for (const [n, count] of counts.entries()) {
      const id = await insertPog(`Queue ${n}`);
      await database.db.update(pogs).set({ isFlagged: true, reportCount: count }).where(eq(pogs.id, id));
      ids.push(id);
    }
    const expected = ids.map((id, n) => ({ id, count: counts[n]! })).sort((a, b) => b.count - a.count || b.id - a.id);
    const seen: PogId[] = [];
    let before: string | undefined;
    do {
      const query = adminQueueQuerySchema.parse({ sort: 'reports', limit: '2', search: `Queue`, ...(before ? { before } : {}) });
      const page = await listPogsForAdmin(database.db, { ...query, search: tag }, true);
      expect(page.total).toBeGreaterThanOrEqual(counts.length);
      seen.push(...page.rows.map((found) => found.pog.id).filter((id) => ids.includes(id)));
      const last = page.rows.at(-1)?.pog;
      expect(page.nextCursor).toBe(page.nextCursor && last ? reportsCursor(last.reportCount, last.id) : null);
      before = page.nextCursor ?? undefined;
    } while (before);
    expect(seen).toEqual(expected.map((each) => each.id));
  });

  it.skipIf(skip)('reads the lists through their partial indexes (EXPLAIN)', async () => {
    const plans = await database.db.transaction(async (tx) => {
      // A table named pogs of this transaction's own (pg_temp comes first in the search path, so the
      // statements read it), with the real one's indexes and predicates, holding what makes those
      // indexes worth their while: most POGs rejected, some hidden, few awaiting review. With the
      // few rows of the shared table any plan is cheap and the planner's choice says nothing.
      await tx.execute(sql`CREATE TEMP TABLE pogs (LIKE public.pogs INCLUDING ALL) ON COMMIT DROP`);
      await tx.execute(sql`
        INSERT INTO pg_temp.pogs (user_id, creator_id, name, max_trades, trades_remaining, points, moderation_status, hidden_by_reports, is_flagged, report_count)
        SELECT ${owner()}, ${owner()}, 'Planned ' || n, 15, 15, n % 100, CASE WHEN n % 10 > 1 THEN 'rejected' ELSE 'none' END, n % 10 = 1, n % 50 = 0, n % 7
        FROM generate_series(1, 5000) AS n`);
      await tx.execute(sql`ANALYZE pg_temp.pogs`);
      // Neither reading the whole table nor sorting: an index in the list's order wherever one can serve.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_sort = off`);
      // The copies' names, told by their definitions, back to the real indexes' names.
      const indexes = (await tx.execute(sql`
        SELECT indexname AS name, schemaname <> 'public' AS copy, regexp_replace(indexdef, '^CREATE (UNIQUE )?INDEX \\S+ ON \\S+ ', '') AS body
        FROM pg_indexes WHERE tablename = 'pogs'`)) as unknown as { rows: Array<{ name: string; copy: boolean; body: string }> };
      const realName = new Map(indexes.rows.filter((index) => !index.copy).map((index) => [index.body, index.name]));
      const renamed = new Map(indexes.rows.filter((index) => index.copy).map((index) => [index.name, realName.get(index.body) ?? index.name]));
      const named = (plan: string) => plan.replace(/\w+/g, (word) => renamed.get(word) ?? word);
      const explain = async (text: string, values: unknown[]) =>
        named((await rawQuery<Record<string, string>>(tx, { name: `explain_${tag}_${Math.random().toString(36).slice(2)}`, text: `EXPLAIN ${text}` }, values)).map((line) => Object.values(line)[0]).join('\n'));
      const drizzle = (statement: { toSQL(): { sql: string; params: unknown[] } }) => {
        const { sql: text, params } = statement.toSQL();
        return explain(text, params);
      };
      const after = { id: 4000 as PogId, points: 50 };
      return {
        recent: await explain(statementFor('recent', { after }).text, pageValues('recent', { after }, 51)),
        trending: await explain(statementFor('trending', { after }).text, pageValues('trending', { after }, 51)),
        drizzleRecent: await drizzle(pogListStatement(tx, { sort: 'recent', limit: 50 }, undefined)),
        ownHidden: await drizzle(ownHiddenStatement(tx, owner(), { sort: 'recent', limit: 50 })),
        queue: await drizzle(adminPogPageStatement(tx, adminQueueQuerySchema.parse({ sort: 'reports', before: '3:4000' }), [awaitingReview])),
      };
    });
    expect(plans.recent).toContain('pogs_listed_recent_idx');
    expect(plans.trending).toContain('pogs_listed_trending_idx');
    expect(plans.drizzleRecent).toContain('pogs_listed_recent_idx');
    expect(plans.ownHidden).toContain('pogs_hidden_by_reports_idx');
    expect(plans.queue).toContain('pogs_review_by_reports_idx');
    for (const plan of Object.values(plans)) expect(plan).not.toMatch(/Seq Scan on pogs|Sort/);
  });
});
