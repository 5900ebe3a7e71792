/**
 * The player lists' kept pages (player-list-answers.ts) never hide a write: two gateways on one
 * database, one answering a searched page again and again while the other, or writes straight to
 * the database (a worker's), rename, ban and give or take POGs; and a page kept while changes fall
 * outside it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@pog/domain/clock';
import { tables, type Db } from '@pog/domain/db';
import type { PublicUser } from '@pog/common';
import type { UserId } from '@pog/common/schemas/ids';
import { ApiClient } from '../testing/api-client';
import { createPlayer, dbOf, givePog, signIn } from '../testing/factories';
import { BACKENDS, backendTitle, uniqueName } from '../testing/databases';
import { startTestApp, type TestApp } from '../testing/test-app';
import { SerializedJson } from '../http/serialized-json';
import { PlayerListAnswers } from './player-list-answers';

describe.each(BACKENDS)('Player list pages answered again', (backend) => {
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

    /** Players named `root` + each suffix (only this test's: the database is shared). */
    async function players(root: string, suffixes: string[]): Promise<UserId[]> {
      const ids: UserId[] = [];
      for (const suffix of suffixes) {
        const player = await createPlayer(first, 'pl');
        await db.update(tables.users).set({ username: root + suffix }).where(eq(tables.users.id, player.id));
        ids.push(player.id);
      }
      return ids;
    }
    const rename = (id: UserId, username: string) => db.update(tables.users).set({ username }).where(eq(tables.users.id, id));

    /** A visitor's searched page of players holding POGs, on `app`. */
    async function page(app: TestApp, term: string, query = '') {
      const res = await new ApiClient(app.url).get<PublicUser[]>(`/api/users?holding=1&search=${encodeURIComponent(term)}&limit=2${query}`);
      expect(res.status).toBe(200);
      return { players: res.body.map((p) => [p.username, p.pogCount]), next: res.headers.get('x-next-cursor') };
    }

    it('shows a rename, a ban and a holding change, from the other gateway and straight to the database, on the next request', async () => {
      const root = uniqueName('pl');
      const [a, b, c] = await players(root, ['a', 'b', 'c']);
      const pogOfA = await givePog(db, a!, { name: 'a1' });
      await givePog(db, b!, { name: 'b1' });
      // Asked for again and again: kept after the first.
      for (let i = 0; i < 3; i++) expect(await page(first, root)).toEqual({ players: [[`${root}a`, 1], [`${root}b`, 1]], next: null });

      // A holding change: c gets a POG (straight to the database), a gives theirs away on the other gateway.
      await givePog(db, c!, { name: 'c1' });
      expect((await page(first, root)).players).toEqual([[`${root}a`, 1], [`${root}b`, 1]]);
      expect((await page(first, root)).next).not.toBeNull();
      const aOnSecond = await signIn(second, a!);
      expect((await aOnSecond.request('DELETE', `/api/pogs/${pogOfA}`)).status).toBe(204);
      expect(await page(first, root)).toEqual({ players: [[`${root}b`, 1], [`${root}c`, 1]], next: null });

      // A rename: within the term, then out of it.
      await rename(b!, `${root}z`);
      expect(await page(first, root)).toEqual({ players: [[`${root}c`, 1], [`${root}z`, 1]], next: null });
      await rename(c!, uniqueName('gone'));
      expect(await page(first, root)).toEqual({ players: [[`${root}z`, 1]], next: null });

      // A ban, and its lifting.
      await db.update(tables.users).set({ isBanned: true }).where(eq(tables.users.id, b!));
      expect(await page(first, root)).toEqual({ players: [], next: null });
      await db.update(tables.users).set({ isBanned: false }).where(eq(tables.users.id, b!));
      expect(await page(first, root)).toEqual({ players: [[`${root}z`, 1]], next: null });
      expect(await page(second, root)).toEqual({ players: [[`${root}z`, 1]], next: null });
    });

    it('finds a player renamed into a longer term typed after a search, on either gateway', async () => {
      const root = uniqueName('pl');
      const [a] = await players(root, ['a']);
      const [outsider] = await players(uniqueName('out'), ['x']);
      for (const id of [a!, outsider!]) await givePog(db, id);
      // One player matched, among all: the longer terms typed next are read among the players it
      // matched and those changed since.
      expect(await page(first, root)).toEqual({ players: [[`${root}a`, 1]], next: null });
      await rename(outsider!, `${root}ab`);
      const typedOn = { players: [[`${root}a`, 1], [`${root}ab`, 1]], next: null };
      expect(await page(first, `${root}a`)).toEqual(typedOn);
      expect(await page(second, `${root}a`)).toEqual(typedOn);
      expect(await page(first, `${root}ab`)).toEqual({ players: [[`${root}ab`, 1]], next: null });
    });

    it('keeps a page while changes fall outside its range, and reads it again once one falls on it', async () => {
      const root = uniqueName('pl');
      const [a, b, c, d] = await players(root, ['a', 'b', 'c', 'd']);
      for (const id of [a!, b!, c!, d!]) await givePog(db, id);
      const answers = new PlayerListAnswers(db);
      const firstPage = await answers.answer({ holding: true, search: root, limit: 1 });
      // The second page: b alone, c after it.
      const filter = { holding: true, search: root, limit: 1, cursor: firstPage.nextCursor };
      const ask = async () => {
        const answer = await answers.answer(filter);
        const rows = answer.body instanceof SerializedJson ? (answer.body.toJSON() as PublicUser[]) : answer.body;
        return rows.map((p) => [p.username, p.pogCount]);
      };
      expect(await ask()).toEqual([[`${root}b`, 1]]);
      expect(await ask()).toEqual([[`${root}b`, 1]]);
      const { kept, read } = answers.counts;
      // a is before the page, d after the one after it.
      await givePog(db, a!);
      await givePog(db, d!);
      await rename(d!, `${root}e`);
      expect(await ask()).toEqual([[`${root}b`, 1]]);
      expect(answers.counts.kept - kept).toBe(1);
      expect(answers.counts.read - read).toBe(0);
      // d renamed into the page's range: now the page's one player.
      await rename(d!, `${root}aa`);
      expect(await ask()).toEqual([[`${root}aa`, 2]]);
      expect(answers.counts.read - read).toBe(1);
      expect(await ask()).toEqual([[`${root}aa`, 2]]);
      expect(answers.counts.kept - kept).toBe(2);
      // b, the player after the page, banned: the page is read again (no next page is left but c's).
      await db.update(tables.users).set({ isBanned: true }).where(eq(tables.users.id, b!));
      expect(await ask()).toEqual([[`${root}aa`, 2]]);
      expect(answers.counts.read - read).toBe(2);
      // d's POGs.
      await givePog(db, d!);
      expect(await ask()).toEqual([[`${root}aa`, 3]]);
      expect(answers.counts.read - read).toBe(3);
    });
  });
});
