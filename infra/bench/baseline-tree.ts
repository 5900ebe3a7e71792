/**
 * The code of another revision, runnable beside this checkout so that a benchmark can measure both
 * interleaved in one run (`--baseline REV`): `git archive` of the revision into a temporary folder,
 * with a node_modules of links to this checkout's packages, except the workspaces (@pog/*), which
 * point into the baseline tree itself.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './processes';

export interface BaselineTree {
  root: string;
  /** The revision as `git rev-parse --short` names it. */
  revision: string;
  remove(): void;
}

export function prepareBaselineTree(revision: string): BaselineTree {
  const short = execFileSync('git', ['rev-parse', '--short', revision], { cwd: repoRoot, encoding: 'utf8' }).trim();
  const root = mkdtempSync(path.join(os.tmpdir(), `pog-baseline-${short}-`));
  execFileSync('sh', ['-c', `git archive --format=tar ${short} | tar -x -C ${JSON.stringify(root)}`], { cwd: repoRoot });
  const modules = path.join(root, 'node_modules');
  mkdirSync(path.join(modules, '@pog'), { recursive: true });
  for (const entry of readdirSync(path.join(repoRoot, 'node_modules'))) {
    if (entry !== '@pog') symlinkSync(path.join(repoRoot, 'node_modules', entry), path.join(modules, entry));
  }
  for (const workspace of ['common', 'domain', 'gateway', 'server', 'web', 'worker']) {
    if (existsSync(path.join(root, workspace))) symlinkSync(path.join(root, workspace), path.join(modules, '@pog', workspace));
  }
  return { root, revision: short, remove: () => rmSync(root, { recursive: true, force: true }) };
}
