/**
 * The session rows on both databases: saved, replaced, touched, and ended with the news for every
 * gateway in the same transaction (the cluster stream's row is there once the session is gone).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { UserId } from '@pog/common/schemas/ids';
import type { Database } from '../db/client';
import { outboxEvents } from '../db/schema';
import { CLUSTER_STREAM } from '../outbox/unit-of-work';
import { openWithPlayers, TEST_BACKENDS } from '../testing/backends';
import { setRole } from './roles';
import { endSession, findSession, saveSession, touchSession } from './sessions';

const run = `${process.pid}${Date.now()}`;
const now = new Date('2031-05-06T12:00:00Z');
const later = new Date('2031-05-07T12:00:00Z');

describe.each(TEST_BACKENDS)('sessions and roles on $name', ({ open, skip }) => {
  let database: Database;
  let player: UserId;

  beforeAll(async () => {
    if (skip) return;
    const opened = await openWithPlayers(open, [`sess_${run}`]);
    database = opened.database;
    [player] = opened.players as [UserId];
  }, 60_000);

  afterAll(async () => {
    if (!skip) await database.close();
  });

  const clusterMessages = (payload: object) =>
    database.db.select().from(outboxEvents).where(and(eq(outboxEvents.stream, CLUSTER_STREAM), sql`${outboxEvents.payload} @> ${JSON.stringify(payload)}::jsonb`));

  it.skipIf(skip)('saves, replaces and touches a session, and ends it with the news for every gateway', async () => {
    const tokenHash = `hash-${run}`;
    await saveSession(database.db, { tokenHash, userId: null, data: {}, lastSeenAt: now, expiresAt: later });
    await saveSession(database.db, { tokenHash, userId: player, data: { userId: player }, lastSeenAt: now, expiresAt: later });
    expect(await findSession(database.db, tokenHash)).toMatchObject({ userId: player, data: { userId: player } });
    await touchSession(database.db, tokenHash, later, new Date(later.getTime() + 1000));
    expect((await findSession(database.db, tokenHash))?.lastSeenAt).toEqual(later);

    expect(await clusterMessages({ type: 'session', tokenHash })).toHaveLength(0);
    await endSession(database.db, tokenHash, later);
    expect(await findSession(database.db, tokenHash)).toBeUndefined();
    expect(await clusterMessages({ type: 'session', tokenHash })).toHaveLength(1);
  });

  it.skipIf(skip)('sets a role by name in any case and tells the gateways; an unknown name changes nothing', async () => {
    expect(await setRole(database.db, `SESS_${run}`, 'admin', now)).toEqual({ id: player, username: `sess_${run}` });
    expect(await clusterMessages({ type: 'user', userId: player })).toHaveLength(1);
    expect(await setRole(database.db, `nobody_${run}`, 'admin', now)).toBeUndefined();
  });
});
