/**
 * The order browser test files start in. With E2E_WORKERS files at a time, the lane lasts at least as
 * long as its longest file plus whatever started before it, so the longest files go first. Vitest
 * orders by the durations it kept from the last run in this checkout (node_modules/.vite); a file it
 * knows nothing of (every file, in a clean clone) it would order by size, which says little here (the
 * screen sweeps are three-line files). Until it has a duration for every browser file, they start in
 * the order of LONGEST_FIRST (measured 2026-11-25), then the rest as vitest has them.
 */
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The longest browser files, longest first (30-80 s each on the 2-core machine, then 15-30 s; the rest 3-12 s). */
export const LONGEST_FIRST = [
  'web/e2e/telling.test.ts',
  'web/e2e/screens/player-desktop.test.ts',
  'web/e2e/foundation.test.ts',
  'web/e2e/trades.test.ts',
  'web/e2e/screens/visitor-admin.test.ts',
  'web/e2e/screens/player-phone.test.ts',
  'web/e2e/battles.test.ts',
  'web/e2e/provenance.test.ts',
  'web/e2e/admin.test.ts',
  'web/e2e/pogs.test.ts',
  'web/e2e/offline.test.ts',
  'web/e2e/ladder.test.ts',
  'web/e2e/assistant.test.ts',
];

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const relativePath = (spec: TestSpecification) => path.relative(root, spec.moduleId).split(path.sep).join('/');
    const browser = sorted.filter((spec) => spec.project.name === 'e2e');
    if (browser.every((spec) => this.ctx.cache.getFileTestResults(`e2e:${relativePath(spec)}`))) return sorted;
    const rank = (spec: TestSpecification) => {
      const index = LONGEST_FIRST.indexOf(relativePath(spec));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    // The browser project is the last group, so it stays at the end; Array.sort is stable.
    return [...sorted.filter((spec) => spec.project.name !== 'e2e'), ...browser.sort((a, b) => rank(a) - rank(b))];
  }
}
