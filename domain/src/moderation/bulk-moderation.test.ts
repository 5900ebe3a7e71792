/**
 * Bulk moderation as the command runs it: all or nothing (one missing or already decided POG refuses
 * the whole batch, naming it, and nothing is written: no change, no notification, history, audit
 * line or event), and a batch that goes through gives every POG what the one-POG action gives it.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@pog/common/errors';
import { colourPairKey, designTextKey } from '@pog/common/pogs/rarity';
import { asPogId, type AdminSessionId, type PogId, type UserId } from '@pog/common/schemas/ids';
import type { Database } from '../db/client';
import { moderationAudit, notifications, outboxEvents, pogHistory, pogs, users } from '../db/schema';
import { TEST_BACKENDS as backends, openWithPlayers, randomTag } from '../testing/backends';
import { deletePogs, insertPog } from '../testing/pogs';
import { startAdminSession } from './admin-sessions';
import { moderatePogsInBulk, type BulkPogDecision } from './bulk-moderation';
import { moderatePog } from './pog-moderation';

const DAY = 24 * 3600_000;

describe.each(backends)('bulk moderation on $name', ({ name, open, skip }) => {
  let database: Database;
  let players: UserId[];
  let admin: AdminSessionId;
  const tag = randomTag();
  const now = new Date();

  beforeAll(async () => {
    if (skip) return;
    ({ database, players } = await openWithPlayers(open, ['ann', 'bob', 'boss'].map((n) => `${n}_${tag}`)));
    await database.db.update(users).set({ role: 'admin' }).where(eq(users.id, players[2]!));
    admin = (await startAdminSession(database.db, randomBytes(8).toString('hex'), now, new Date(now.getTime() + DAY))).id;
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  /** A flagged POG of `owner` (0: ann, 1: bob), as a report or the scorer leaves it. */
  async function flaggedPog(owner: number, label: string): Promise<PogId> {
    const design = { backgroundColor1: '#123456', backgroundColor2: '#654321', textColor: '#FFFFFF', textContent: `${tag} ${label}`, fontFamily: 'Orbitron' };
    // As a creation does: the holder's count of POGs held goes up with it (a delete takes it down).
    const row = await insertPog(database.db, {
      userId: players[owner]!,
      creatorId: players[owner]!,
      name: `${label} ${tag}`,
      ...design,
      colourPairKey: colourPairKey(design.backgroundColor1, design.backgroundColor2),
      textKey: designTextKey(design.textContent),
      maxTrades: 15,
      tradesRemaining: 15,
      isFlagged: true,
    });
    return row.id;
  }

  const decide = (action: BulkPogDecision['action'], pogIds: PogId[], notes: string | null = null) =>
    moderatePogsInBulk(database.db, { action, pogIds, notes, adminSessionId: admin, adminPlayerId: players[2]! }, now);

  /** Everything a decision on these POGs could have written. */
  async function traces(ids: PogId[]) {
    const { db } = database;
    const rows = await db.select().from(pogs).where(inArray(pogs.id, ids)).orderBy(pogs.id);
    const links = ids.map((id) => `/pog/${id}`);
    const told = await db.select().from(notifications).where(and(inArray(notifications.userId, players), inArray(notifications.link, [...links, '/collection'])));
    const history = await db.select().from(pogHistory).where(inArray(pogHistory.pogId, ids)).orderBy(pogHistory.id);
    const audit = await db.select().from(moderationAudit).where(and(eq(moderationAudit.targetType, 'pog'), inArray(moderationAudit.targetId, ids))).orderBy(moderationAudit.id);
    const idList = sql.raw(`ARRAY[${ids.join(',')}]::int[]`);
    const linkList = sql.raw(`ARRAY[${links.map((l) => `'${l}'`).join(',')}]::text[]`);
    const { payload, name } = outboxEvents;
    const events = await db
      .select({ stream: outboxEvents.stream, name, payload })
      .from(outboxEvents)
      .where(
        sql`(${name} = 'moderation:queue' AND (${payload}->'pog'->>'id')::int = ANY(${idList}))
          OR (${name} = 'pog:updated' AND (${payload}->>'id')::int = ANY(${idList}))
          OR (${name} = 'notification' AND ${payload}->>'link' = ANY(${linkList}))`,
      )
      .orderBy(outboxEvents.id);
    return { rows, told, history, audit, events };
  }

  async function refusal(run: Promise<unknown>): Promise<AppError> {
    const error = await run.then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }

  it.skipIf(skip)('refuses the whole batch when one POG is missing, naming it, and writes nothing', async () => {
    const ids = [await flaggedPog(0, 'Keep A'), await flaggedPog(1, 'Keep B')];
    const gone = await flaggedPog(0, 'Gone');
    await deletePogs(database.db, [gone]);
    const before = await traces(ids);

    for (const action of ['approve', 'reject', 'delete'] as const) {
      const error = await refusal(decide(action, [ids[0]!, gone, ids[1]!], 'Batch'));
      expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', details: { ids: [gone] } });
      expect(error.message).toContain(`#${gone}`);
      expect(error.message).toContain('Nothing was changed.');
    }
    const after = await traces(ids);
    expect(after).toEqual(before);
    expect(after.rows.map((row) => [row.moderationStatus, row.isFlagged, row.lastModeratedAt])).toEqual([['none', true, null], ['none', true, null]]);
    expect([after.told, after.history, after.audit, after.events]).toEqual([[], [], [], []]);
  });

  it.skipIf(skip)('refuses a batch with a POG already carrying the decision (409 naming it), and changes none of the others', async () => {
    const fresh = [await flaggedPog(0, 'Fresh A'), await flaggedPog(1, 'Fresh B')];
    const decided = await flaggedPog(1, 'Decided');
    await moderatePog(database.db, { pogId: decided, decision: 'approved', notes: null, adminSessionId: admin }, now);
    const before = await traces([...fresh, decided]);

    const error = await refusal(decide('approve', [fresh[1]!, decided, fresh[0]!]));
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', details: { ids: [decided] } });
    expect(error.message).toBe(`Already approved: Decided ${tag} (#${decided}). Nothing was changed.`);
    expect(await traces([...fresh, decided])).toEqual(before);
    expect((await traces(fresh)).events).toEqual([]);

    // A rejected POG may not be rejected again either; approving it (reversing the decision) is fine.
    await decide('reject', [decided]);
    expect(await refusal(decide('reject', [...fresh, decided]))).toMatchObject({ status: 409, details: { ids: [decided] } });
    expect((await traces(fresh)).audit).toEqual([]);
    await decide('approve', [decided, ...fresh]);
    expect((await traces([...fresh, decided])).rows.every((row) => row.moderationStatus === 'approved')).toBe(true);
  });

  it.skipIf(skip)('refuses an empty batch, one over 100 and repeated ids before it opens a transaction', async () => {
    const id = await flaggedPog(0, 'Shape');
    expect(await refusal(decide('approve', []))).toMatchObject({ status: 400 });
    expect(await refusal(decide('approve', Array.from({ length: 101 }, (_, i) => asPogId(id + i))))).toMatchObject({ status: 400 });
    expect(await refusal(decide('approve', [id, id]))).toMatchObject({ status: 400, message: `Each POG may be named once; repeated: #${id}` });
    expect(await refusal(moderatePogsInBulk(database.db, { action: 'approve', pogIds: [id], notes: null } as unknown as BulkPogDecision, now))).toMatchObject({ status: 401 });
    expect((await traces([id])).audit).toEqual([]);
  });

  it.skipIf(skip)('approves a batch: each POG decided, its owner told with the notes, a history row, an audit line and its events', async () => {
    const ids = [await flaggedPog(1, 'Ok B'), await flaggedPog(0, 'Ok A'), await flaggedPog(1, 'Ok C')];
    const done = await decide('approve', [ids[2]!, ids[0]!, ids[1]!], 'Looks fine');
    const sorted = [...ids].sort((a, b) => a - b);
    expect(done.map((found) => found.pog.id)).toEqual(sorted);

    const { rows, told, history, audit, events } = await traces(ids);
    expect(rows.map((row) => [row.moderationStatus, row.isApproved, row.isFlagged, row.moderationNotes, row.lastModeratedAt?.getTime()])).toEqual(
      sorted.map(() => ['approved', true, false, 'Looks fine', now.getTime()]),
    );
    expect(told.map((n) => [n.userId, n.kind, n.link, n.body]).sort()).toEqual(
      rows.map((row) => [row.userId, 'pog.approved', `/pog/${row.id}`, "A moderator reviewed your POG and approved it. Moderator's note: Looks fine"]).sort(),
    );
    expect(history.map((h) => [h.pogId, h.kind, (h.details as { action: string; cause: string }).action, (h.details as { cause: string }).cause])).toEqual(
      sorted.map((id) => [id, 'moderated', 'approved', 'moderator']),
    );
    expect(audit.map((a) => [a.targetId, a.action, a.notes, a.actorKind, a.adminSessionId, a.actorUserId])).toEqual(
      sorted.map((id) => [id, 'approved', 'Looks fine', 'admin', admin, players[2]]),
    );
    const queue = events.filter((e) => e.name === 'moderation:queue');
    expect(queue.map((e) => [e.stream, (e.payload as { action: string; pog: { id: number; moderationNotes: string } }).action, (e.payload as { pog: { id: number } }).pog.id])).toEqual(
      sorted.map((id) => ['admins', 'approved', id]),
    );
    const ownerEvents = (event: string) => events.filter((e) => e.name === event).map((e) => e.stream).sort();
    const ownerStreams = rows.map((row) => `user:${row.userId}`).sort();
    expect(ownerEvents('pog:updated')).toEqual(ownerStreams);
    expect(ownerEvents('notification')).toEqual(ownerStreams);
  });

  it.skipIf(skip)('deletes a batch: the POGs go, each owner told, an audit line each with the notes, a deleted event each', async () => {
    const ids = [await flaggedPog(0, 'Bin A'), await flaggedPog(1, 'Bin B')];
    const done = await decide('delete', ids, 'Spam');
    expect(done.map((found) => found.pog.name)).toEqual([`Bin A ${tag}`, `Bin B ${tag}`]);
    const { rows, told, audit, events } = await traces(ids);
    expect(rows).toEqual([]);
    expect(told.filter((n) => n.kind === 'pog.deleted' && [`Bin A ${tag} was removed`, `Bin B ${tag} was removed`].includes(n.title))).toHaveLength(2);
    expect(audit.map((a) => [a.targetId, a.action, a.notes, a.targetName])).toEqual([
      [ids[0], 'deleted', 'Spam', `Bin A ${tag}`],
      [ids[1], 'deleted', 'Spam', `Bin B ${tag}`],
    ]);
    expect(events.filter((e) => e.name === 'moderation:queue').map((e) => (e.payload as { action: string }).action)).toEqual(['deleted', 'deleted']);
    expect(events.filter((e) => e.name === 'pog:updated')).toEqual([]);
  });

  // PGlite is one connection, so batches cannot overlap there: this one is the server's alone.
  if (name !== 'PGlite') it.skipIf(skip)('runs overlapping batches naming the POGs in opposite orders one after the other, never deadlocking', async () => {
    for (let round = 0; round < 5; round++) {
      const ids = [await flaggedPog(0, `Race ${round} A`), await flaggedPog(1, `Race ${round} B`), await flaggedPog(0, `Race ${round} C`)];
      const outcomes = await Promise.allSettled([decide('approve', ids), decide('reject', [...ids].reverse())]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
      const { audit } = await traces(ids);
      // Each batch applied whole: three lines each, the second batch's three after the first's.
      expect(audit).toHaveLength(6);
      const first = audit.slice(0, 3).map((a) => a.action);
      expect(new Set(first).size).toBe(1);
    }
  });
});
