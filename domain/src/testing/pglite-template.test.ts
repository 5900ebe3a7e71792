import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pgliteTemplate } from './pglite-template';

describe('the PGlite test template', () => {
  it("lives in the repository's own .test-data folder, which git ignores, not beside the repository", async () => {
    // The tests run from the repository's root (npm test, vitest.config.ts).
    const template = await pgliteTemplate();
    expect(template.dir.startsWith(path.join(process.cwd(), '.test-data') + path.sep), template.dir).toBe(true);
    expect(template.tarball.startsWith(path.join(process.cwd(), '.test-data') + path.sep), template.tarball).toBe(true);
  });
});
