/**
 * Every guessing limit under bursts of concurrent guesses on one app (embedded, PostgreSQL, and
 * counters in Redis): exactly the limit is checked, the rest are refused unchecked.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { TEST_ADMIN_PASSWORD } from '../testing/admins';
import { setupTitle, TEST_SETUPS } from '../testing/databases';
import { guessingBurstTests } from '../testing/guessing-bursts';
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
