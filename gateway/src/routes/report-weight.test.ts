/**
 * Reports with weight through the API: REPORTS_TO_HIDE distinct reporters hide a POG awaiting review
 * from Explore (pages and search) and from its page for everyone but its owner; the review queue
 * shows its report count and the reasons; approving shows it again and each reporter finds a
 * notification that links to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pogLink } from '@pog/common/notifications/links';
import { newAdmin } from '../testing/admins';
import type { ApiClient } from '../testing/api-client';
import { backendTitle, BACKENDS, uniqueName } from '../testing/databases';
import { createPlayer, dbOf, givePog, type TestPlayer } from '../testing/factories';
import { startTestApp, type TestApp } from '../testing/test-app';

interface PogRow {
  id: number;
  reportCount: number | null;
  hiddenByReports: boolean;
}

describe.each(BACKENDS)('reports with weight through the API', (backend) => {
  describe.skipIf(Boolean(backend.skipReason))(backendTitle(backend), () => {
    let app: TestApp;
    let admin: ApiClient;
    let owner: TestPlayer;
    let reporters: TestPlayer[];
    let bystander: TestPlayer;
    const name = uniqueName('weighty').replace(/[^a-z0-9]/g, 'x');

    beforeAll(async () => {
      app = await startTestApp({ backend: backend.name, env: { REPORTS_TO_HIDE: '2' } });
      admin = await newAdmin(app.url);
      owner = await createPlayer(app, 'owner');
      reporters = [await createPlayer(app, 'ra'), await createPlayer(app, 'rb')];
      bystander = await createPlayer(app, 'by');
    });
    afterAll(async () => {
      await app?.close();
    });

    const ids = (res: { body: Array<{ id: number }> }) => res.body.map((pog) => pog.id);
    /** The POG on Explore as `client` sees it: the creator's page and the search. */
    const onExplore = async (client: ApiClient, id: number) => ({
      page: ids(await client.get(`/api/pogs?creator=${owner.id}`)).includes(id),
      search: ids(await client.get(`/api/pogs?search=${name}`)).includes(id),
      own: (await client.get(`/api/pogs/${id}`)).status,
    });

    it('hides the POG at the second reporter for everyone but its owner, until an admin approves it; each reporter is told', async () => {
      const id = await givePog(dbOf(app), owner.id, { name });
      expect((await reporters[0]!.client.post(`/api/pogs/${id}/report`, { reason: 'Copied art' })).status).toBe(201);
      expect(await onExplore(bystander.client, id)).toEqual({ page: true, search: true, own: 200 });

      const second = await reporters[1]!.client.post(`/api/pogs/${id}/report`, { reason: 'Rude words' });
      expect(second.status).toBe(201);
      // The reporter's answer is the public view: no count.
      expect(second.body).toMatchObject({ id, reportCount: null, hiddenByReports: true });
      for (const client of [bystander.client, reporters[0]!.client]) expect(await onExplore(client, id)).toEqual({ page: false, search: false, own: 404 });
      expect(await onExplore(owner.client, id)).toEqual({ page: true, search: true, own: 200 });
      expect(ids(await bystander.client.get(`/api/users/${owner.id}/pogs`))).not.toContain(id);
      expect((await owner.client.get(`/api/pogs/${id}`)).body).toMatchObject({ reportCount: 2, hiddenByReports: true });

      // The queue, most reported first, shows the count; the reasons are the reports'.
      const queue = await admin.get(`/api/admin/pogs/flagged?sort=reports&search=${name}`);
      expect(queue.body.map((pog: PogRow) => [pog.id, pog.reportCount, pog.hiddenByReports])).toEqual([[id, 2, true]]);
      const reports = await admin.get(`/api/admin/pogs/${id}/reports`);
      expect(reports.body.map((report: { reason: string; resolvedAt: string | null }) => [report.reason, report.resolvedAt])).toEqual([
        ['Rude words', null],
        ['Copied art', null],
      ]);

      expect((await admin.put(`/api/admin/pogs/${id}/moderate`, { isApproved: true, isFlagged: false })).status).toBe(200);
      expect(await onExplore(bystander.client, id)).toEqual({ page: true, search: true, own: 200 });
      for (const reporter of reporters) {
        const told = (await reporter.client.get('/api/notifications')).body.items.filter((n: { kind: string }) => n.kind === 'report.resolved');
        expect(told).toEqual([expect.objectContaining({ title: `Your report of ${name} was reviewed`, link: pogLink(id as never) })]);
      }
      // The owner was told of the approval as before, not of the reports' answers.
      const ownerKinds = (await owner.client.get('/api/notifications')).body.items.map((n: { kind: string }) => n.kind);
      expect(ownerKinds).toContain('pog.approved');
      expect(ownerKinds).not.toContain('report.resolved');
    });
  });
});
