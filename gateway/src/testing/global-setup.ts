/**
 * Runs once before the server and browser tests: builds the migrated PGlite template if it is
 * missing, so that every database the tests open starts from a copy of it.
 */
import { pgliteTemplate } from './pglite-template';

export default async function setup(): Promise<void> {
  await pgliteTemplate();
}
