/**
 * Every guessing limit under bursts of concurrent guesses on one app (embedded, PostgreSQL, and
 * counters in Redis): exactly the limit is checked, the rest are refused unchecked.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS } from '@pog/common';
import { tables } from '@pog/domain/db';
import { TEST_ADMIN_PASSWORD } from '../testing/admins';
import { setupTitle, TEST_SETUPS } from '../testing/databases';
import { createPlayer, givePog } from '../testing/factories';
import { guessingBurstTests, tally } from '../testing/guessing-bursts';
import { startTestApp, type TestApp } from '../testing/test-app';

describe.each(TEST_SETUPS)('guessing limits under bursts', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ backend: setup.backend, env: setup.env });
    });
    afterAll(async () => {
      await app?.close();
    });
    guessingBurstTests(() => ({ gateways: [app.url], adminPassword: TEST_ADMIN_PASSWORD }));
  });
});

describe('the reports limit on one app', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ backend: 'pglite' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it(`files exactly ${REPORTS.perPlayerPerHour} of a burst of reports of different POGs by one player`, async () => {
    const db = app.runtime.context!.db;
    const owner = await createPlayer(app, 'rowner');
    const count = REPORTS.perPlayerPerHour + 15;
    const pogIds = await Promise.all(Array.from({ length: count }, () => givePog(db, owner.id)));
    const reporter = await createPlayer(app, 'rep');
    const answers = await Promise.all(pogIds.map((id, i) => reporter.client.post(`/api/pogs/${id}/report`, { reason: `Report ${i}` })));
    expect(tally(answers)).toEqual({ 201: REPORTS.perPlayerPerHour, 429: count - REPORTS.perPlayerPerHour });
    const stored = await db.select({ id: tables.pogReports.id }).from(tables.pogReports).where(eq(tables.pogReports.userId, reporter.id));
    expect(stored).toHaveLength(REPORTS.perPlayerPerHour);
    // Another player's reports count apart.
    const other = await createPlayer(app, 'rep2');
    expect((await other.client.post(`/api/pogs/${pogIds[0]}/report`, { reason: 'Spam' })).status).toBe(201);
  });
});
