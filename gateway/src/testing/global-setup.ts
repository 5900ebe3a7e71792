/** Runs once before the server and browser tests: builds the migrated PGlite template if it is missing. */
import { pgliteTemplate } from './pglite-template';

export default async function setup(): Promise<void> {
  await pgliteTemplate();
}
