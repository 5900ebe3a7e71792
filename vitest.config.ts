import { defineConfig } from 'vitest/config';

/**
 * One test command for the whole repository, four projects: `unit` (common, domain, pure web code),
 * `components` (React components, each file in a DOM of its own), `server` (API, sockets, queues,
 * processes, deployment files) and `e2e` (the real app driven by Chromium, each file with its own app,
 * in the browser of its worker process: web/e2e/harness.ts, sharedBrowser). Unit and server tests
 * share one module graph (and the server tests one PGlite) per worker process (isolate: false keeps
 * module singletons alive across files) and isolate by data, not instances.
 */
/**
 * With real services (TEST_DATABASE_URL, as CI sets) every server test runs again on PostgreSQL and
 * Redis, three times the work: the browser files wait until the other projects are done and run
 * E2E_WORKERS at a time, so that their waits do not time out behind them.
 */
const WITH_SERVICES = Boolean(process.env.TEST_DATABASE_URL);
const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 3);
/**
 * Otherwise every project is in one group of WORKERS workers (vitest gives a group one `maxWorkers`
 * and runs its projects' files in the order of their names): the browser files first, and the server
 * and unit files in the slots they leave, so a core never idles while a file waits on its app,
 * Chromium, a process, a timer or a PGlite start.
 */
const WORKERS = WITH_SERVICES ? 2 : E2E_WORKERS;
const E2E_GROUP = WITH_SERVICES ? 2 : 0;

export default defineConfig({
  test: {
    reporters: ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['common/src/**/*.test.ts', 'domain/src/**/*.test.ts', 'web/src/**/*.test.ts'],
          environment: 'node',
          // One module graph per worker, as the server tests: importing it again for each of some
          // hundred files was over half of this project's CPU time. The tests keep no state between files.
          isolate: false,
          maxWorkers: WORKERS,
          testTimeout: 30_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          // Component tests (web/src/testing/README.md): each file in a DOM of its own, on modules a
          // worker keeps from file to file (importing them again for each file was over half of this
          // project's CPU time); the cleanup after each test is the setup file's, which runs for every file.
          name: 'components',
          include: ['web/src/**/*.test.tsx'],
          environment: 'node',
          isolate: false,
          setupFiles: ['web/src/testing/setup-components.ts'],
          maxWorkers: WORKERS,
          testTimeout: 30_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'server',
          sequence: { groupOrder: 0 },
          include: ['gateway/src/**/*.test.ts', 'worker/src/**/*.test.ts', 'server/src/**/*.test.ts', 'infra/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          isolate: false,
          maxWorkers: WORKERS,
          globalSetup: ['gateway/src/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: E2E_GROUP },
          include: ['web/e2e/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          // A worker process runs file after file on one module graph (playwright-core, axe-core, the
          // harness), as the server tests do: about half a CPU second less per file. Each file still
          // starts its own app (useE2E); the files of a worker share its browser (sharedBrowser), each
          // in contexts of its own, and keep no other module state.
          isolate: false,
          maxWorkers: E2E_WORKERS,
          globalSetup: ['gateway/src/testing/global-setup.ts', 'web/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A poll waits as long as a page's own waits do (each context's 15 s default timeout): on a
          // loaded machine a page can take longer than vitest's default second to show what is polled.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
