/**
 * The order browser test files start in. With E2E_WORKERS files at a time, the lane lasts at least as
 * long as its longest file plus whatever started before it, so the longest files go first: by their
 * durations in the browser lane's last report (`.test-data/results-e2e.json`, which `npm test` writes)
 * when it has every file, otherwise in the order of LONGEST_FIRST (measured 2026-11-24), then the rest.
 * Not vitest's own timings: `npm test`'s two vitest processes share that cache, and the one that ends
 * last writes back what it read at its start, so the browser files' durations were lost; and in a clean
 * clone vitest orders by size, which says little here (the screen sweeps are three-line files).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
/** The longest browser files, longest first (30-80 s each on the 2-core machine, then 15-30 s; the rest 3-12 s). */
export const LONGEST_FIRST = [
  'web/e2e/telling.test.ts',
  // Two app starts and two runs of the role CLI: 40-50 s since the browser's frames got cheap (2026-11-24).
  'web/e2e/profile.test.ts',
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

/** Seconds each browser file took in the lane's last report, by path from the root; empty without one. */
function lastDurations(root: string): Map<string, number> {
  try {
    const report = JSON.parse(readFileSync(path.join(root, '.test-data', 'results-e2e.json'), 'utf8')) as {
      testResults?: Array<{ name: string; startTime?: number; endTime?: number }>;
    };
    const durations = new Map<string, number>();
    for (const file of report.testResults ?? []) {
      if (file.startTime && file.endTime) durations.set(path.relative(root, file.name).split(path.sep).join('/'), file.endTime - file.startTime);
    }
    return durations;
  } catch {
    return new Map();
  }
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const relativePath = (spec: TestSpecification) => path.relative(root, spec.moduleId).split(path.sep).join('/');
    const browser = sorted.filter((spec) => spec.project.name === 'e2e');
    const durations = lastDurations(root);
    const rank = browser.every((spec) => durations.has(relativePath(spec)))
      ? (spec: TestSpecification) => -durations.get(relativePath(spec))!
      : (spec: TestSpecification) => {
          const index = LONGEST_FIRST.indexOf(relativePath(spec));
          return index === -1 ? LONGEST_FIRST.length : index;
        };
    // The browser project is the last group, so it stays at the end; Array.sort is stable.
    return [...sorted.filter((spec) => spec.project.name !== 'e2e'), ...browser.sort((a, b) => rank(a) - rank(b))];
  }
}
