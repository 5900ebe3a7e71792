/**
 * The audit log and flag reasons as the commands write them: an automatic flag stores why (the
 * blocked word, the POG whose image it repeats) on the POG and in an audit line, in the flag's own
 * transaction; reports and admins' decisions are audited with their actor; the Audit log tab's
 * filters and pages; the retention sweep.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogQuerySchema, type AuditLogQuery } from '@pog/common/moderation/schemas';
import type { PogId, UserId } from '@pog/common/schemas/ids';
import type { Database } from '../db/client';
import { moderationAudit, users } from '../db/schema';
import { findPog, toPog, toPogWithNotes } from '../pogs/repository';
import { scorePogVersion } from '../pogs/scoring';
import { TEST_BACKENDS as backends, openWithPlayers, randomTag } from '../testing/backends';
import { insertPog as insertCountedPog, storedDesign } from '../testing/pogs';
import { setRole } from '../users/roles';
import { startAdminSession } from './admin-sessions';
import { listAudit, listAuditLog, sweepAudit } from './audit';
import { moderatePog } from './pog-moderation';
import { reportPog } from './reports';
import { moderateUser } from './user-moderation';

const randomHash = () => randomBytes(8).toString('hex');
const DAY = 24 * 3600_000;

describe.each(backends)('moderation reasons and the audit log on $name', ({ open, skip }) => {
  let database: Database;
  let players: UserId[];
  let names: string[];
  const tag = randomTag();
  const now = new Date();

  beforeAll(async () => {
    if (skip) return;
    names = ['maker', 'copier', 'tattler', 'boss', 'plain'].map((name) => `${name}_${tag}`);
    ({ database, players } = await openWithPlayers(open, names));
    await database.db.update(users).set({ role: 'admin' }).where(eq(users.id, players[3]!));
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  /** Inserts an unscored POG as createPog would store it, counted as held. */
  async function insertPog(player: number, name: string, imageHash: string | null = null): Promise<PogId> {
    const design = { backgroundColor1: '#123456', backgroundColor2: '#654321', textColor: '#FFFFFF', textContent: `${tag} ${randomTag()}`, fontFamily: 'Orbitron' };
    const row = await insertCountedPog(database.db, {
      userId: players[player]!,
      creatorId: players[player]!,
      name,
      ...storedDesign(design, imageHash, 0.8),
    });
    return row.id;
  }
  const pogAudit = (pogId: PogId) => listAudit(database.db, { target: { type: 'pog', id: pogId }, limit: 100 });
  const adminSession = async (startedAt = now) => (await startAdminSession(database.db, randomHash(), startedAt, new Date(startedAt.getTime() + DAY))).id;
  const query = (input: Record<string, string>): AuditLogQuery => auditLogQuerySchema.parse(input);

  it.skipIf(skip)('stores the blocked word with the scorer’s flag, on the POG and in an automatic audit line', async () => {
    const id = await insertPog(0, 'Sh1t happens');
    const outcome = await scorePogVersion(database.db, id, 1, now);
    expect(outcome.flaggedFor).toBe('blocklist');
    const found = (await findPog(database.db, id))!;
    expect(found.pog).toMatchObject({ isFlagged: true, flagCause: 'words', flagWord: 'shit', flagRepeatsPogId: null });
    expect(toPogWithNotes(found, now).flagReason).toEqual({ cause: 'words', word: 'shit', repeatsPogId: null });
    // Like the notes, the reason is the admins' and the owner's: the public view leaves it out.
    expect(toPog(found, now).flagReason).toBeNull();
    const [line, ...others] = await pogAudit(id);
    expect(others).toEqual([]);
    expect(line).toMatchObject({
      action: 'flagged',
      adminSessionId: null,
      actor: { kind: 'automatic', name: null, userId: null, sessionStartedAt: null },
      targetName: 'Sh1t happens',
      reason: { cause: 'words', word: 'shit', repeatsPogId: null },
      createdAt: now.toISOString(),
    });
  });

  it.skipIf(skip)('names the POG whose image a look-alike repeats', async () => {
    const hash = randomHash();
    const original = await insertPog(0, `Original ${tag}`, hash);
    expect((await scorePogVersion(database.db, original, 1, now)).flaggedFor).toBeUndefined();
    const copy = await insertPog(1, `Copy ${tag}`, hash);
    expect((await scorePogVersion(database.db, copy, 1, now)).flaggedFor).toBe('duplicate-image');
    expect(toPogWithNotes((await findPog(database.db, copy))!, now).flagReason).toEqual({ cause: 'image', word: null, repeatsPogId: original });
    expect((await pogAudit(copy)).map((line) => [line.action, line.actor.kind, line.reason])).toEqual([['flagged', 'automatic', { cause: 'image', word: null, repeatsPogId: original }]]);
    expect(await pogAudit(original)).toEqual([]);
  });

  it.skipIf(skip)('writes the flag and its audit line in one transaction: when the line cannot be written, nothing is flagged', async () => {
    const id = await insertPog(0, 'What a dickhead');
    // A trigger refuses this POG's audit line, as a failure halfway through the unit of work would.
    await database.db.execute(sql.raw(`CREATE FUNCTION refuse_audit_${tag}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.target_id = ${id} THEN RAISE EXCEPTION 'audit refused'; END IF; RETURN NEW; END $$`));
    await database.db.execute(sql.raw(`CREATE TRIGGER refuse_audit_${tag} BEFORE INSERT ON moderation_audit FOR EACH ROW EXECUTE FUNCTION refuse_audit_${tag}()`));
    try {
      const failure = await scorePogVersion(database.db, id, 1, now).then(() => null, (error: unknown) => error as Error & { cause?: Error });
      expect(`${failure?.message} ${failure?.cause?.message}`).toMatch(/audit refused/);
      expect((await findPog(database.db, id))!.pog).toMatchObject({ isFlagged: false, flagCause: null, flagWord: null, scoredVersion: null });
    } finally {
      await database.db.execute(sql.raw(`DROP TRIGGER refuse_audit_${tag} ON moderation_audit`));
      await database.db.execute(sql.raw(`DROP FUNCTION refuse_audit_${tag}()`));
    }
    expect((await scorePogVersion(database.db, id, 1, now)).flaggedFor).toBe('blocklist');
    expect((await pogAudit(id)).map((line) => line.reason?.word)).toEqual(['dick']);
  });

  it.skipIf(skip)('audits a report, and the flag it caused with the report as its reason', async () => {
    const id = await insertPog(0, `Reported ${tag}`);
    await reportPog(database.db, { pogId: id, userId: players[2]!, reason: 'Looks rude', reportsToHide: 3 }, now);
    expect(toPogWithNotes((await findPog(database.db, id))!, now).flagReason).toEqual({ cause: 'report', word: null, repeatsPogId: null });
    const lines = await pogAudit(id);
    expect(lines.map((line) => [line.action, line.actor.kind, line.actor.name, line.notes, line.reason?.cause ?? null])).toEqual([
      ['flagged', 'player', names[2], 'Looks rude', 'report'],
      ['reported', 'player', names[2], 'Looks rude', null],
    ]);
  });

  it.skipIf(skip)('records who decided: the admin session, when it started, and the admin-role player beside it', async () => {
    const startedAt = new Date(now.getTime() - 3600_000);
    const session = await adminSession(startedAt);
    const id = await insertPog(0, `Decided ${tag}`);
    await moderatePog(database.db, { pogId: id, decision: 'rejected', notes: 'No', adminSessionId: session, adminPlayerId: players[3]! }, now);
    // A player signed in beside the session whose role is not admin is not named.
    await moderatePog(database.db, { pogId: id, decision: 'approved', notes: 'Fine', adminSessionId: session, adminPlayerId: players[4]! }, new Date(now.getTime() + 1000));
    const [approved, rejected] = await pogAudit(id);
    expect(rejected).toMatchObject({
      action: 'rejected',
      adminSessionId: session,
      actor: { kind: 'admin', sessionStartedAt: startedAt.toISOString(), userId: players[3], name: names[3] },
      notes: 'No',
      targetName: `Decided ${tag}`,
    });
    expect(approved).toMatchObject({ action: 'approved', adminSessionId: session, actor: { kind: 'admin', userId: null, name: null }, notes: 'Fine' });

    await moderateUser(database.db, { userId: players[1]!, isBanned: true, banReason: 'Copying', adminSessionId: session }, now);
    await moderateUser(database.db, { userId: players[1]!, isBanned: false, banReason: null, adminSessionId: session }, now);
    const onUser = await listAudit(database.db, { target: { type: 'user', id: players[1]! }, limit: 10 });
    expect(onUser.map((line) => [line.action, line.adminSessionId, line.notes, line.targetName])).toEqual([
      ['unbanned', session, null, names[1]],
      ['banned', session, 'Copying', names[1]],
    ]);
  });

  it.skipIf(skip)('records an operator’s role change, and none when the role stays', async () => {
    await setRole(database.db, names[4]!, 'admin', now);
    await setRole(database.db, names[4]!, 'admin', now);
    await setRole(database.db, names[4]!, 'user', now);
    const lines = await listAudit(database.db, { target: { type: 'user', id: players[4]! }, limit: 10 });
    expect(lines.map((line) => [line.action, line.actor.kind, line.notes])).toEqual([
      ['role_changed', 'operator', 'Role changed from admin to user'],
      ['role_changed', 'operator', 'Role changed from user to admin'],
    ]);
  });

  it.skipIf(skip)('filters the log by action, admin and target, newest first, a page at a time', async () => {
    const [mine, theirs] = [await adminSession(), await adminSession()];
    const pogIds = [await insertPog(0, `Paged A ${tag}`), await insertPog(0, `Paged B ${tag}`), await insertPog(0, `Paged C ${tag}`)];
    let at = now.getTime();
    for (const pogId of pogIds) {
      await moderatePog(database.db, { pogId, decision: 'rejected', notes: null, adminSessionId: mine, adminPlayerId: players[3]! }, new Date((at += 1000)));
      await moderatePog(database.db, { pogId, decision: 'approved', notes: null, adminSessionId: theirs }, new Date((at += 1000)));
    }
    const reader = { adminSessionId: mine };

    const bySession = await listAuditLog(database.db, reader, query({ admin: `#${mine}` }));
    expect(bySession.entries.map((line) => line.targetId)).toEqual([...pogIds].reverse());
    expect((await listAuditLog(database.db, reader, query({ admin: String(theirs) }))).entries.every((line) => line.action === 'approved')).toBe(true);
    // By the admin-role player's username, in any case: the lines of every session they acted in.
    const byName = await listAuditLog(database.db, reader, query({ admin: names[3]!.toUpperCase(), targetType: 'pog', targetId: String(pogIds[1]) }));
    expect(byName.entries.map((line) => [line.action, line.actor.name])).toEqual([['rejected', names[3]]]);
    expect((await listAuditLog(database.db, reader, query({ admin: `nobody_${tag}` }))).entries).toEqual([]);

    const approvedOfB = await listAuditLog(database.db, reader, query({ action: 'approved', targetType: 'pog', targetId: String(pogIds[1]) }));
    expect(approvedOfB.entries.map((line) => [line.action, line.adminSessionId])).toEqual([['approved', theirs]]);

    const first = await listAuditLog(database.db, reader, query({ admin: String(mine), limit: '2' }));
    expect(first.entries.map((line) => line.targetId)).toEqual([pogIds[2], pogIds[1]]);
    expect(first.nextBefore).toBe(first.entries[1]!.id);
    const second = await listAuditLog(database.db, reader, query({ admin: String(mine), limit: '2', before: String(first.nextBefore) }));
    expect(second.entries.map((line) => line.targetId)).toEqual([pogIds[0]]);
    expect(second.nextBefore).toBeNull();
  });

  it.skipIf(skip)('reads the log for an admin session alone', async () => {
    await expect(listAuditLog(database.db, {}, query({}))).rejects.toMatchObject({ status: 401 });
  });

  it.skipIf(skip)('sweeps the lines older than the retention and nothing else, and a second sweep finds nothing', async () => {
    // Years back, so that the lines of other tests sharing the database are never old enough to go.
    const then = new Date(now.getTime() - 5 * 365 * DAY);
    const session = await adminSession();
    const old = await insertPog(0, `Old ${tag}`);
    const recent = await insertPog(0, `Recent ${tag}`);
    await moderatePog(database.db, { pogId: old, decision: 'rejected', notes: null, adminSessionId: session }, new Date(then.getTime() - 31 * DAY));
    await moderatePog(database.db, { pogId: recent, decision: 'rejected', notes: null, adminSessionId: session }, new Date(then.getTime() - 29 * DAY));
    const retention = 30 * DAY;
    expect(await sweepAudit(database.db, then, retention)).toBeGreaterThanOrEqual(1);
    expect(await pogAudit(old)).toEqual([]);
    expect((await pogAudit(recent)).map((line) => line.action)).toEqual(['rejected']);
    expect(await sweepAudit(database.db, then, retention)).toBe(0);
    const left = await database.db.select({ n: sql<number>`count(*)` }).from(moderationAudit).where(sql`${moderationAudit.createdAt} < ${new Date(then.getTime() - retention)}`);
    expect(Number(left[0]!.n)).toBe(0);
  });
});
