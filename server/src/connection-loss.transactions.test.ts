/**
 * A unit of work whose PostgreSQL connection is ended part-way (a failover, a restart,
 * pg_terminate_backend): it rolls back whole, its caller hears a connection error that the API
 * answers with a 503, the process carries on, and the pool serves the next ones. On a database of
 * this file's own, whose connections only it ends.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStream } from '@pog/common';
import { inUnitOfWork } from '@pog/domain/outbox';
import { insertNotification } from '@pog/domain/notifications';
import { registerPlayer } from '@pog/domain/users';
import { tables, type Tx } from '@pog/domain/db';
import { toAppError } from '../../gateway/src/http/error-handler';
import { privatePostgresDatabase, uniqueName, type PrivateDatabase } from '../../gateway/src/testing/databases';
import type { UserId } from '@pog/common/schemas/ids';

const postgres = process.env.TEST_DATABASE_URL ? undefined : 'needs TEST_DATABASE_URL';

describe.skipIf(Boolean(postgres))(`a unit of work cut off part-way${postgres ? ` [${postgres}]` : ''}`, () => {
  let own: PrivateDatabase;
  beforeAll(async () => {
    own = await privatePostgresDatabase();
  });
  afterAll(async () => {
    await own?.close();
  });

  /** A player, and what of theirs a unit of work may write: notifications and outbox events. */
  async function player() {
    const { id } = await registerPlayer(own.db, { username: uniqueName('cut'), passwordHash: 'not-a-real-hash' }, new Date());
    const written = async () => ({
      notifications: (await own.db.select({ title: tables.notifications.title }).from(tables.notifications).where(eq(tables.notifications.userId, id))).map((row) => row.title),
      events: (await own.db.select({ id: tables.outboxEvents.id }).from(tables.outboxEvents).where(eq(tables.outboxEvents.stream, userStream(id)))).length,
    });
    return { id, written };
  }

  /** Writes a notification and its event, runs `between`, then writes a second one. */
  const twoNotifications = (userId: UserId, between: (tx: Tx) => Promise<unknown>) =>
    inUnitOfWork(own.db, new Date(), async (uow) => {
      for (const title of ['First half', 'Second half']) {
        const stored = await insertNotification(uow.tx, { userId, kind: 'welcome', title, body: 'Written by a unit of work that is cut off.' });
        uow.toUser(userId, 'notification', stored!);
        if (title === 'First half') await between(uow.tx);
      }
    });

  it('cut between two statements: rolled back whole, a 503, and the next unit of work commits', async () => {
    const { id, written } = await player();
    const before = await written();
    // Its connection is ended while the command awaits something else (a hash, another service):
    // the connection hears of it with no statement of its own in flight.
    const failure = await twoNotifications(id, () => own.dropConnections()).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeDefined();
    expect(toAppError(failure).status).toBe(503);
    expect(await written()).toEqual(before);

    await inUnitOfWork(own.db, new Date(), async (uow) => {
      uow.toUser(id, 'notification', (await insertNotification(uow.tx, { userId: id, kind: 'welcome', title: 'After the cut', body: 'It works again.' }))!);
    });
    expect(await written()).toEqual({ notifications: [...before.notifications, 'After the cut'], events: before.events + 1 });
  });

  it('cut while a statement runs: rolled back whole, and a 503', async () => {
    const { id, written } = await player();
    const before = await written();
    // The statement ends its own connection: it fails with 57P01 (terminating connection due to administrator command).
    const failure = await twoNotifications(id, (tx) => tx.execute(sql`SELECT pg_terminate_backend(pg_backend_pid())`)).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeDefined();
    expect(toAppError(failure).status).toBe(503);
    expect(await written()).toEqual(before);
    expect(await own.db.select().from(tables.notifications).where(and(eq(tables.notifications.userId, id), eq(tables.notifications.title, 'First half')))).toEqual([]);
  });

  it("the pool's idle connections ended: no crash, and the next statements reconnect", async () => {
    // Some idle connections in the pool, then all of them ended.
    await Promise.all(Array.from({ length: 4 }, () => own.db.execute(sql`SELECT pg_sleep(0.05)`)));
    expect(own.poolStats().idle).toBeGreaterThan(0);
    expect(await own.dropConnections()).toBeGreaterThan(0);
    const rows = await Promise.all(Array.from({ length: 4 }, () => own.db.execute(sql`SELECT 1 AS one`)));
    expect(rows.map((result) => (result as unknown as { rows: unknown[] }).rows)).toEqual(Array.from({ length: 4 }, () => [{ one: 1 }]));
    expect(await own.ping()).toBe(true);
  });
});
