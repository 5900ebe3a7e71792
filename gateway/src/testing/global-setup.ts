/**
 * Runs once before the server and browser tests: builds the migrated PGlite template if it is
 * missing, and bundles the app's entry for the app processes the tests start (./app-bundle).
 */
import type { TestProject } from 'vitest/node';
import { buildAppBundle } from './app-bundle';
import { pgliteTemplate } from './pglite-template';

export default async function setup(project: TestProject): Promise<void> {
  const [bundle] = await Promise.all([buildAppBundle(), pgliteTemplate()]);
  project.provide('appBundle', bundle);
}
