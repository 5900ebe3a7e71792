/**
 * Explore's kept pages (pog-list-answers.ts) never hide a write: two gateways on one database, one
 * answering a page again and again while the other (or a worker, writing straight to the database)
 * changes what the page shows; and a POG's cooldown, which changes with time, not with the data.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@pog/domain/clock';
import { tables, type Db } from '@pog/domain/db';
import type { Pog } from '@pog/common';
import { ApiClient } from '../testing/api-client';
import { createPlayer, dbOf, givePog, signIn, type TestPlayer } from '../testing/factories';
import { BACKENDS, backendTitle, uniqueName } from '../testing/databases';
import { startTestApp, type TestApp } from '../testing/test-app';
import { SerializedJson } from '../http/serialized-json';
import { PogListAnswers } from './pog-list-answers';

const HOUR = 3_600_000;

describe.each(BACKENDS)('Explore pages answered again', (backend) => {
  describe.skipIf(Boolean(backend.skipReason))(backendTitle(backend), () => {
    const clock = new ManualClock(new Date('2031-03-01T10:00:00Z'));
    let first: TestApp;
    let second: TestApp;
    let db: Db;
    beforeAll(async () => {
      first = await startTestApp({ backend: backend.name, clock });
      second = await startTestApp({ backend: backend.name, clock });
      db = dbOf(first);
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
    });

    /** A visitor's page of `creator`'s POGs on `app` (only this test's POGs: the database is shared). */
    async function page(app: TestApp, creator: TestPlayer, query = '') {
      const res = await new ApiClient(app.url).get<Pog[]>(`/api/pogs?creator=${creator.id}&limit=2${query}`);
      expect(res.status).toBe(200);
      return { pogs: res.body, next: res.headers.get('x-next-cursor') };
    }
    const names = (pogs: Pog[]) => pogs.map((p) => p.name);

    it('shows a write from the other gateway, and straight to the database, on the next request', async () => {
      const creator = await createPlayer(first, 'lister');
      const ids = [];
      for (const name of ['one', 'two', 'three']) ids.push(await givePog(db, creator.id, { name }));
      expect(names((await page(first, creator)).pogs)).toEqual(['three', 'two']);
      const deep = await page(first, creator, `&cursor=${(await page(first, creator)).next}`);
      expect(names(deep.pogs)).toEqual(['one']);
      expect(await page(first, creator)).toEqual(await page(first, creator));

      // The other gateway: its owner deletes a POG.
      const onSecond = await signIn(second, creator.id);
      expect((await onSecond.request('DELETE', `/api/pogs/${ids[2]}`)).status).toBe(204);
      expect(names((await page(first, creator)).pogs)).toEqual(['two', 'one']);
      expect((await page(first, creator)).next).toBeNull();

      // A worker's writes, straight to the database: a new POG, a renamed one, a rejected one, the owner renamed.
      await givePog(db, creator.id, { name: 'four' });
      expect(names((await page(first, creator)).pogs)).toEqual(['four', 'two']);
      await db.update(tables.pogs).set({ name: 'deux' }).where(eq(tables.pogs.id, ids[1]!));
      expect(names((await page(first, creator)).pogs)).toEqual(['four', 'deux']);
      expect(names((await page(first, creator, `&cursor=${(await page(first, creator)).next}`)).pogs)).toEqual(['one']);
      await db.update(tables.pogs).set({ moderationStatus: 'rejected' }).where(eq(tables.pogs.id, ids[0]!));
      expect(await page(first, creator)).toEqual({ pogs: expect.any(Array), next: null });
      const renamed = uniqueName('renamed');
      await db.update(tables.users).set({ username: renamed }).where(eq(tables.users.id, creator.id));
      expect((await page(first, creator)).pogs.map((p) => [p.username, p.creatorUsername])).toEqual([
        [renamed, renamed],
        [renamed, renamed],
      ]);
      expect(names((await page(second, creator)).pogs)).toEqual(['four', 'deux']);
    });

    it('keeps a page while trade offers that change nothing on it commit, and reads it again once a trade moves a POG on it', async () => {
      const owner = await createPlayer(first, 'keeper');
      const trader = await createPlayer(first, 'offerer');
      const wanted = await givePog(db, owner.id, { name: 'wanted' });
      const offered = [];
      for (let n = 0; n < 5; n++) offered.push(await givePog(db, trader.id, { name: `offered${n}` }));
      const answers = new PogListAnswers(db);
      const ask = () => answers.answer({ sort: 'recent', limit: 5, creator: owner.id }, clock.now());
      await ask();
      expect((await ask()).body).toBeInstanceOf(SerializedJson);
      // Real offers, through the other gateway. A player renamed by another test meanwhile (on a
      // shared server) touches every page: an offer is tried again then, at most a few times.
      const traderOnSecond = await signIn(second, trader.id);
      let keptAcrossAnOffer = false;
      let offerId = 0;
      for (const pog of offered) {
        const before = await ask();
        const res = await traderOnSecond.post<{ id: number }>('/api/trades', { fromUserId: trader.id, toUserId: owner.id, offerPogId: pog, requestPogId: wanted });
        expect(res.status).toBe(201);
        offerId = res.body.id;
        if ((await ask()).body === before.body) {
          keptAcrossAnOffer = true;
          break;
        }
      }
      expect(keptAcrossAnOffer).toBe(true);
      // Accepted on the other gateway: the POG on the page has a new owner (and a cooldown).
      const ownerOnSecond = await signIn(second, owner.id);
      expect((await ownerOnSecond.patch(`/api/trades/${offerId}/status`, { status: 'accepted' })).status).toBe(200);
      const after = (await ask()).body as Pog[];
      expect(after.map((p) => [p.name, p.username, p.onCooldown])).toEqual([['wanted', trader.username, true]]);
    });

    it('checks a page once for requests that come together, never with a check older than the request', async () => {
      const creator = await createPlayer(first, 'together');
      await givePog(db, creator.id, { name: 'early' });
      const answers = new PogListAnswers(db);
      const ask = () => answers.answer({ sort: 'recent', limit: 5, creator: creator.id }, clock.now());
      const namesOf = (answer: Awaited<ReturnType<typeof ask>>) => names(answer.body instanceof SerializedJson ? (answer.body.toJSON() as Pog[]) : answer.body);
      await ask();
      await ask();
      const checks = answers.counts.checks;
      const together = await Promise.all(Array.from({ length: 10 }, () => ask()));
      // One check running, one for all who came meanwhile.
      expect(answers.counts.checks - checks).toBeLessThanOrEqual(2);
      expect(together.map(namesOf)).toEqual(Array.from({ length: 10 }, () => ['early']));
      // A POG committed while a check runs shows to a request that came after the commit.
      const running = ask();
      await givePog(db, creator.id, { name: 'late' });
      expect(namesOf(await ask())).toEqual(['late', 'early']);
      await running;
    });

    it('shows the hours left on a cooldown as the clock moves, and none once it is over', async () => {
      const creator = await createPlayer(first, 'cooling');
      await givePog(db, creator.id, { name: 'cooling', cooldownUntil: new Date(clock.now().getTime() + 2 * HOUR) });
      const hours = async () => (await page(first, creator)).pogs.map((p) => [p.onCooldown, p.cooldownHours]);
      expect(await hours()).toEqual([[true, 2]]);
      clock.advance(HOUR / 2);
      expect(await hours()).toEqual([[true, 1.5]]);
      expect(await hours()).toEqual([[true, 1.5]]);
      clock.advance(2 * HOUR);
      expect(await hours()).toEqual([[false, 0]]);
      expect(await hours()).toEqual([[false, 0]]);
      // Set back (only a test's clock does that): on cooldown again.
      clock.advance(-2 * HOUR);
      expect(await hours()).toEqual([[true, 1.5]]);
    });

    it('keeps a page asked for again and answers it while nothing changed, a bounded number of pages', async () => {
      const creator = await createPlayer(first, 'kept');
      await givePog(db, creator.id, { name: 'kept' });
      const answers = new PogListAnswers(db, 2, 2);
      const query = (sort: 'recent' | 'trending', limit = 5) => ({ sort, limit, creator: creator.id });
      const ask = (sort: 'recent' | 'trending', limit?: number) => answers.answer(query(sort, limit), clock.now());
      // Asked for once, a page is not kept; asked for again, it is.
      expect(Array.isArray((await ask('recent')).body)).toBe(true);
      // The snapshot is the whole server's: other test files (and, on a shared PostgreSQL, other
      // databases) write meanwhile. Two answers in a row between their writes are the same one.
      async function answeredAgain() {
        for (let tries = 0; tries < 50; tries++) {
          const once = await ask('recent');
          expect(once.body).toBeInstanceOf(SerializedJson);
          if ((await ask('recent')).body === once.body) return once;
        }
        throw new Error('every answer was read anew');
      }
      const once = await answeredAgain();
      for (const [sort, limit] of [['trending', 5], ['recent', 6]] as const) {
        await ask(sort, limit);
        expect((await ask(sort, limit)).body).toBeInstanceOf(SerializedJson);
      }
      // Two more pages kept: the least recently answered went, and is asked for anew.
      expect((await ask('recent')).body).not.toBe(once.body);
      await ask('recent');
      const again = await ask('recent');
      expect(again.body).toBeInstanceOf(SerializedJson);
      await givePog(db, creator.id, { name: 'another' });
      const after = await ask('recent');
      expect(after.body).not.toBe(again.body);
      expect(names((after.body as SerializedJson<Pog[]>).toJSON() as Pog[])).toEqual(['another', 'kept']);
    });

    it("keeps a searched page too, and shows a POG that comes to match by its name or its creator's", async () => {
      const creator = await createPlayer(first, 'seeker');
      await givePog(db, creator.id, { name: 'Amber Fox' });
      const owl = await givePog(db, creator.id, { name: 'Blue Owl' });
      const answers = new PogListAnswers(db, 4, 4);
      const ask = (search: string) => answers.answer({ sort: 'recent', limit: 5, creator: creator.id, search }, clock.now());
      const searched = async (search: string) => {
        const answer = await ask(search);
        return names(answer.body instanceof SerializedJson ? (answer.body.toJSON() as Pog[]) : answer.body);
      };
      // Kept once asked for again: two answers in a row between other files' writes are the same one.
      async function keptAnswer(search: string) {
        await ask(search);
        for (let tries = 0; tries < 50; tries++) {
          const once = await ask(search);
          expect(once.body).toBeInstanceOf(SerializedJson);
          if ((await ask(search)).body === once.body) return;
        }
        throw new Error('every answer was read anew');
      }
      await keptAnswer('fox');
      expect(await searched('fox')).toEqual(['Amber Fox']);
      await db.update(tables.pogs).set({ name: 'Blue Fox' }).where(eq(tables.pogs.id, owl));
      expect(await searched('fox')).toEqual(['Blue Fox', 'Amber Fox']);

      const term = uniqueName('zebra');
      await keptAnswer(term);
      expect(await searched(term)).toEqual([]);
      await db.update(tables.users).set({ username: term }).where(eq(tables.users.id, creator.id));
      expect(await searched(term)).toEqual(['Blue Fox', 'Amber Fox']);
    });
  });
});
