/**
 * Accepting a trade while one of its POGs is being deleted must never deadlock. Run
 * many rounds on the real PostgreSQL server (PGlite is one connection, it cannot race), both POGs
 * of the trade, both id orders. Each round ends in exactly one of two outcomes, with nothing lost:
 * the accept wins (POGs swapped, the delete refused) or the delete wins (the POG gone, the offer
 * cancelled, the other POG untouched).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@pog/domain/clock';
import { tables, type Db } from '@pog/domain/db';
import { createPlayer, givePog } from '../testing/factories';
import { backendTitle, BACKENDS } from '../testing/databases';
import { startTestApp, type TestApp } from '../testing/test-app';
import type { PogId } from '@pog/common/schemas/ids';

const ROUNDS = 40;
/** Many rounds on a shared, busy machine: generous, since only the outcomes are checked. */
const RACE_TIMEOUT_MS = 300_000;
const postgres = BACKENDS.find((b) => b.name === 'postgres')!;

describe.skipIf(Boolean(postgres.skipReason))(`accepting a trade while deleting one of its POGs (${backendTitle(postgres)})`, () => {
  let app: TestApp;
  let db: Db;
  beforeAll(async () => {
    app = await startTestApp({ backend: 'postgres', clock: new ManualClock(new Date('2033-03-01T12:00:00Z')) });
    db = app.runtime.db;
  });
  afterAll(async () => {
    await app?.close();
  });

  const pogRow = async (id: PogId) => (await db.select().from(tables.pogs).where(eq(tables.pogs.id, id)))[0];

  it(`${ROUNDS} rounds: no deadlock, and each round ends with exactly the accept or the delete`, async () => {
    const tally = { acceptWon: 0, deleteWon: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const a = await createPlayer(app, 'dla');
      const b = await createPlayer(app, 'dlb');
      // Alternate which POG gets the lower id: the lock order is by id, so both orders must hold.
      const lowFirst = round % 2 === 0;
      const first = await givePog(db, lowFirst ? a.id : b.id);
      const second = await givePog(db, lowFirst ? b.id : a.id);
      const [aPog, bPog] = lowFirst ? [first, second] : [second, first];
      const offer = await a.client.post('/api/trades', { fromUserId: a.id, toUserId: b.id, offerPogId: aPog, requestPogId: bPog });
      expect(offer.status, JSON.stringify(offer.body)).toBe(201);
      // Rounds alternate between deleting the requested POG (by the recipient) and the offered one.
      const deleteRequested = Math.floor(round / 2) % 2 === 0;
      const [deleter, doomed] = deleteRequested ? [b, bPog] : [a, aPog];
      const [accept, deletion] = await Promise.all([
        b.client.patch(`/api/trades/${offer.body.id}/status`, { status: 'accepted' }),
        deleter.client.clone().delete(`/api/pogs/${doomed}`),
      ]);
      const context = `round ${round}: accept ${accept.status} ${JSON.stringify(accept.body.message)}, delete ${deletion.status} ${JSON.stringify(deletion.body)}`;
      expect(accept.body.message ?? '', context).not.toMatch(/Something else changed/);
      expect((deletion.body as { message?: string })?.message ?? '', context).not.toMatch(/Something else changed/);
      const [trade] = await db.select().from(tables.trades).where(eq(tables.trades.id, offer.body.id));
      if (accept.status === 200) {
        tally.acceptWon++;
        // The delete came second: the POG had moved, so it was no longer the deleter's to delete.
        expect(deletion.status, context).toBe(403);
        expect(trade!.status).toBe('accepted');
        expect((await pogRow(aPog))!.userId).toBe(b.id);
        expect((await pogRow(bPog))!.userId).toBe(a.id);
      } else {
        tally.deleteWon++;
        expect(deletion.status, context).toBe(204);
        expect(accept.status, context).toBe(409);
        expect(accept.body.message).toMatch(/no longer pending: it was cancelled/);
        expect(trade).toMatchObject({ status: 'cancelled', cancelReason: 'deleted' });
        expect(deleteRequested ? trade!.requestPogId : trade!.offerPogId).toBeNull();
        expect(await pogRow(doomed)).toBeUndefined();
        const kept = deleteRequested ? aPog : bPog;
        expect((await pogRow(kept))!.userId).toBe(deleteRequested ? a.id : b.id);
      }
    }
    // Printed so that a run shows both outcomes were exercised (the interleaving is up to the server).
    console.info(`[delete race] ${ROUNDS} rounds: accept won ${tally.acceptWon}, delete won ${tally.deleteWon}`);
    expect(tally.acceptWon + tally.deleteWon).toBe(ROUNDS);
  }, RACE_TIMEOUT_MS);
});
