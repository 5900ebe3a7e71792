/**
 * The worker's `uploads.sweep`: it deletes pictures no POG has used after UNUSED_UPLOAD_HOURS and what
 * interrupted writes left, and keeps every picture a POG has shown.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomColour, solidPng } from '@pog/domain/testing/images';
import { ManualClock } from '@pog/domain/clock';
import { tables } from '@pog/domain/db';
import { createPlayer } from '../testing/factories';
import { setupTitle, TEST_SETUPS } from '../testing/databases';
import { pogDesign } from '../testing/players';
import { startTestApp, type TestApp } from '../testing/test-app';

const HOUR = 3600_000;

/** A small picture, of a colour of its own. */
const picture = () => solidPng(64, randomColour(Math.random));

describe.each(TEST_SETUPS)('the uploads sweep', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    const clock = new ManualClock(new Date('2032-03-01T10:00:00Z'));
    beforeAll(async () => {
      // A database of its own on PostgreSQL: the sweep looks at every player's pictures.
      app = await startTestApp({ backend: setup.backend, env: setup.env, clock, ownDatabase: true });
    });
    afterAll(async () => {
      await app?.close();
    });
    const uploadDir = () => app.runtime.config.uploadDir;
    const sweep = () => app.runtime.queue.run('uploads.sweep', {});
    const nameOf = (url: string) => url.slice('/uploads/'.length);
    const filesOf = (url: string) => readdirSync(uploadDir()).filter((f) => f.startsWith(nameOf(url).split('.')[0]!));
    const rowOf = async (url: string) => (await app.runtime.db.select().from(tables.uploads).where(eq(tables.uploads.filename, nameOf(url))))[0];

    it('deletes pictures no POG used after UNUSED_UPLOAD_HOURS, keeps every picture a POG showed, and runs twice harmlessly', async () => {
      // The embedded database is shared by the files this test process ran before: what they left
      // unused is gone first, so that the counts below are this test's.
      await sweep();
      const upload = async () => {
        const player = await createPlayer(app);
        const res = await player.client.upload(await picture());
        expect(res.status).toBe(201);
        return { player, url: res.body.url as string };
      };
      const unused = await upload();
      const onPog = await upload();
      const created = await onPog.player.client.post('/api/pogs', pogDesign(onPog.player.id, { imageUrl: onPog.url }));
      expect(created.status).toBe(201);
      const onDeletedPog = await upload();
      const doomed = await onDeletedPog.player.client.post('/api/pogs', pogDesign(onDeletedPog.player.id, { imageUrl: onDeletedPog.url }));
      expect((await onDeletedPog.player.client.delete(`/api/pogs/${doomed.body.id}`)).status).toBe(204);
      const onRejectedPog = await upload();
      const rejected = await onRejectedPog.player.client.post('/api/pogs', pogDesign(onRejectedPog.player.id, { imageUrl: onRejectedPog.url }));
      await app.runtime.db.update(tables.pogs).set({ moderationStatus: 'rejected' }).where(eq(tables.pogs.id, rejected.body.id));
      // A picture a POG showed before it was given another one.
      const replaced = await upload();
      const edited = await replaced.player.client.post('/api/pogs', pogDesign(replaced.player.id, { imageUrl: replaced.url }));
      clock.advance(HOUR);
      expect((await replaced.player.client.patch(`/api/pogs/${edited.body.id}`, { imageUrl: '' })).status).toBe(200);

      // A day later, a player uploads a picture for the POG they are designing.
      clock.advance(24 * HOUR);
      const fresh = await upload();
      const before = { unused: filesOf(unused.url), onPog: filesOf(onPog.url) };
      expect(before.unused).toHaveLength(4); // the original and its 128, 256 and 512 px copies

      const first = await sweep();
      expect(first.unused).toBe(1);
      expect(filesOf(unused.url)).toEqual([]);
      expect(await rowOf(unused.url)).toBeUndefined();
      expect((await fetch(app.url + unused.url)).status).toBe(404);
      for (const kept of [onPog, onDeletedPog, onRejectedPog, replaced, fresh]) {
        expect(filesOf(kept.url), kept.url).toHaveLength(4);
        expect(await rowOf(kept.url), kept.url).toBeDefined();
      }
      expect((await fetch(app.url + onPog.url)).status).toBe(200);

      expect(await sweep()).toEqual({ unused: 0, orphans: 0, leftovers: 0 });
      // Once its time is up, the fresh picture goes too if no POG used it.
      clock.advance(25 * HOUR);
      expect((await sweep()).unused).toBe(1);
      expect(filesOf(fresh.url)).toEqual([]);
    });

    it('removes files nothing records and what interrupted writes left, once they are old enough', async () => {
      const write = (file: string, ageMs: number) => {
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, 'leftover');
        const at = (Date.now() - ageMs) / 1000;
        utimesSync(file, at, at);
        return file;
      };
      const name = () => randomBytes(16).toString('hex');
      const oldOrphan = name();
      const youngOrphan = name();
      const old = [
        write(path.join(uploadDir(), `${oldOrphan}.jpg`), 25 * HOUR),
        write(path.join(uploadDir(), `${oldOrphan}-128.webp`), 25 * HOUR),
        write(path.join(uploadDir(), `${name()}.jpg.0a1b2c3d.part`), 2 * HOUR),
        write(path.join(uploadDir(), 'incoming', name()), 2 * HOUR),
      ];
      const young = [
        write(path.join(uploadDir(), `${youngOrphan}.jpg`), HOUR),
        write(path.join(uploadDir(), 'incoming', name()), 60_000),
        // Not a name the image processor writes: never touched.
        write(path.join(uploadDir(), 'legacy-picture.jpg'), 100 * HOUR),
      ];
      expect(await sweep()).toEqual({ unused: 0, orphans: 2, leftovers: 2 });
      for (const file of old) expect(existsSync(file), file).toBe(false);
      for (const file of young) expect(existsSync(file), file).toBe(true);
      for (const file of young) rmSync(file);
    });
  });
});
