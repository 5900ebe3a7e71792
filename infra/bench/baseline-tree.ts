/**
 * The code as it was before a change, runnable beside the current code, so that a benchmark can
 * measure baseline and subject interleaved in one run: `git archive` of a revision into a temporary
 * folder, with a node_modules of links to this repository's packages, except the workspace packages
 * (@pog/*), which point into the baseline tree itself.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './processes';

export interface BaselineTree {
  root: string;
  /** The revision, as `git rev-parse --short` names it. */
  revision: string;
  migrationsDir: string;
  remove(): void;
}

export function prepareBaselineTree(revision: string): BaselineTree {
  const short = execFileSync('git', ['rev-parse', '--short', revision], { cwd: repoRoot, encoding: 'utf8' }).trim();
  const root = mkdtempSync(path.join(os.tmpdir(), `pog-baseline-${short}-`));
  execFileSync('sh', ['-c', `git archive --format=tar ${short} | tar -x -C ${JSON.stringify(root)}`], { cwd: repoRoot });
  const modules = path.join(root, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(path.join(repoRoot, 'node_modules'))) {
    if (entry === '@pog') continue;
    symlinkSync(path.join(repoRoot, 'node_modules', entry), path.join(modules, entry));
  }
  mkdirSync(path.join(modules, '@pog'));
  for (const workspace of ['common', 'gateway', 'web', 'worker']) symlinkSync(path.join(root, workspace), path.join(modules, '@pog', workspace));
  return {
    root,
    revision: short,
    migrationsDir: path.join(root, 'common/src/server/db/migrations'),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/**
 * Copies this checkout's PGlite templates (.test-data/pglite-<hash of the migrations>) into `root`'s
 * .test-data, so that a tree with the same migrations does not build one in a measured round.
 */
export function copyPgliteTemplates(root: string): void {
  const dataDir = path.join(repoRoot, '.test-data');
  mkdirSync(path.join(root, '.test-data'), { recursive: true });
  for (const entry of existsSync(dataDir) ? readdirSync(dataDir) : []) {
    if (/^pglite-[0-9a-f]+$/.test(entry)) cpSync(path.join(dataDir, entry), path.join(root, '.test-data', entry), { recursive: true });
  }
}
