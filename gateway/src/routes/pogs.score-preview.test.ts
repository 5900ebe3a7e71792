/**
 * POST /api/pogs/score-preview: the Creator Studio's live score. Signed-in players only, the design
 * checked as saving checks it, limited per player, and answered with the scorer's own code: a design
 * previewed, then saved with nothing changed in between, is scored by the worker exactly as previewed.
 * The app has a database of its own on PostgreSQL (the counts the scorer reads are over every POG),
 * and on PGlite this process's, which no other file writes while this one runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, POG_TEMPLATES, type ScorePreview } from '@pog/common';
import { ManualClock } from '@pog/domain/clock';
import { seededRandom, shapesSvg, svgToPng } from '@pog/domain/testing/images';
import { ApiClient } from '../testing/api-client';
import { createPlayer } from '../testing/factories';
import { setupTitle, TEST_SETUPS, uniqueName } from '../testing/databases';
import { pogDesign, waitForScore } from '../testing/players';
import { startTestApp, type TestApp } from '../testing/test-app';
import { SCORE_PREVIEWS_PER_MINUTE } from './pogs';

const PREVIEW = '/api/pogs/score-preview';

describe.each(TEST_SETUPS)('score preview API', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    const clock = new ManualClock(new Date('2030-03-01T00:05:00Z'));
    // The PGlite setups share one database per process: each setup's designs and pictures are its own,
    // so that one setup's POGs do not make the next one's copies.
    const salt = TEST_SETUPS.indexOf(setup);
    const words = ['of Ganymede', 'over Titan', 'past Europa', 'beyond Io'][salt % 4]!;
    beforeAll(async () => {
      app = await startTestApp({ backend: setup.backend, env: setup.env, clock, ownDatabase: true });
    });
    afterAll(async () => {
      await app?.close();
    });

    /** The design fields of a POG as the Studio sends them for a preview (no name, no owner). */
    const look = (overrides: Record<string, unknown> = {}) => {
      const { userId: _userId, name: _name, imageStyle: _style, ...design } = pogDesign(0, overrides);
      return design;
    };

    /** Previews, saves (a new POG, or an edit of `pogId`), waits for the worker, and gives both scores. */
    async function previewThenSave(p: { client: ApiClient; id: number }, design: Record<string, unknown>, pogId?: number) {
      const preview = await p.client.post<ScorePreview>(PREVIEW, { ...design, ...(pogId ? { pogId } : {}) });
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      const saved = pogId
        ? await p.client.patch(`/api/pogs/${pogId}`, design)
        : await p.client.post('/api/pogs', { ...design, userId: p.id, name: uniqueName('Preview') });
      expect(saved.status, JSON.stringify(saved.body)).toBe(pogId ? 200 : 201);
      clock.advance(LIMITS.creationCooldownSeconds * 1000 + 1000);
      const scored = await waitForScore(p.client, saved.body.id);
      return { preview: preview.body, scored, id: saved.body.id as number };
    }

    const asScored = (preview: ScorePreview) => ({
      rarity: preview.rarity,
      points: preview.points,
      score: preview.total,
      harmony: preview.harmony,
      uniqueness: preview.uniqueness,
      complexity: preview.complexity,
    });

    it('asks for a session', async () => {
      const res = await new ApiClient(app.url).post(PREVIEW, look());
      expect(res.status).toBe(401);
    });

    it.each([
      [{ backgroundColor1: 'red' }, 'Color 1 must be a colour like #6366F1'],
      [{ textColor: '#12345' }, 'The text colour must be a colour like #6366F1'],
      [{ fontFamily: 'Comic Sans' }, 'Please choose one of the fonts'],
      [{ textContent: 'x'.repeat(61) }, 'The text can be at most 60 characters'],
      [{ imageUrl: 'https://example.com/cat.jpg' }, 'The image must be uploaded first'],
      [{ pogId: 'abc' }, 'pogId'],
      [{ imageUrl: '/uploads/never-uploaded.jpg' }, 'That image was not found. Please upload it again.'],
    ])('answers 400 for %j', async (overrides, message) => {
      const p = await createPlayer(app);
      const res = await p.client.post(PREVIEW, look(overrides));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.message).toContain(message);
    });

    it("refuses to preview an edit of a POG the player may not edit, and one that does not exist", async () => {
      const owner = await createPlayer(app);
      const other = await createPlayer(app);
      const { id } = await previewThenSave(owner, look({ textContent: uniqueName('mine') }));
      const refused = await other.client.post(PREVIEW, { ...look(), pogId: id });
      expect(refused.status).toBe(403);
      expect((await owner.client.post(PREVIEW, { ...look(), pogId: 2_000_000_000 })).status).toBe(404);
    });

    it('gives a fresh design exactly the score the worker then gives it', async () => {
      const p = await createPlayer(app);
      const design = look({ textContent: `Comet riders ${words}`, backgroundColor1: '#2563EB', backgroundColor2: '#F59E0B', fontFamily: 'Orbitron', textColor: '#000000' });
      const { preview, scored } = await previewThenSave(p, design);
      expect(preview).toMatchObject({ copied: false, legendaryCapped: false });
      expect(scored).toMatchObject(asScored(preview));
    });

    it('previews an unchanged template as a common copy, and the worker agrees', async () => {
      const p = await createPlayer(app);
      const { name: _name, id: _id, category: _category, ...template } = POG_TEMPLATES[3]!;
      const { preview, scored } = await previewThenSave(p, look(template));
      expect(preview).toMatchObject({ copied: true, rarity: 'common', uniqueness: 0, complexity: 0 });
      expect(scored).toMatchObject(asScored(preview));
    });

    it('scores an uploaded picture as the worker does, and a second identical design as a copy', async () => {
      const p = await createPlayer(app);
      const upload = await p.client.upload(await svgToPng(shapesSvg(seededRandom(7 + 101 * salt), 256, 30)), 'shapes.png', 'image/png');
      expect(upload.status).toBe(201);
      const design = look({ imageUrl: upload.body.url, textContent: `Shapes at dawn ${words}`, backgroundColor1: '#0EA5E9', backgroundColor2: '#22C55E' });
      const first = await previewThenSave(p, design);
      expect(first.preview.copied).toBe(false);
      expect(first.scored).toMatchObject(asScored(first.preview));
      // The same design again: now a copy of the first.
      const second = await previewThenSave(p, design);
      expect(second.preview).toMatchObject({ copied: true, rarity: 'common' });
      expect(second.scored).toMatchObject(asScored(second.preview));
    });

    it('previews an edit without counting the POG against itself, as the worker scores the edit', async () => {
      const p = await createPlayer(app);
      const { id } = await previewThenSave(p, look({ textContent: 'Before the edit', backgroundColor1: '#7C3AED', backgroundColor2: '#DB2777' }));
      const edit = look({ textContent: 'After the edit, brighter', backgroundColor1: '#7C3AED', backgroundColor2: '#F472B6', fontFamily: 'Lobster' });
      const { preview, scored } = await previewThenSave(p, edit, id);
      expect(scored).toMatchObject(asScored(preview));
    });

    it(`allows ${SCORE_PREVIEWS_PER_MINUTE} previews a minute per player, then answers 429 with Retry-After`, async () => {
      const p = await createPlayer(app);
      const other = await createPlayer(app);
      const answers = [];
      for (let i = 0; i < SCORE_PREVIEWS_PER_MINUTE; i += 1) answers.push((await p.client.post(PREVIEW, look({ textContent: `try ${i}` }))).status);
      expect(answers.every((status) => status === 200)).toBe(true);
      const refused = await p.client.post(PREVIEW, look());
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another player is not held up.
      expect((await other.client.post(PREVIEW, look())).status).toBe(200);
    });
  });
});
