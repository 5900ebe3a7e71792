/**
 * Another revision runnable beside this checkout, so that a benchmark measures both interleaved in one
 * run (`--baseline REV`): `git archive` of the revision into a temporary folder, with a node_modules of
 * links to this checkout's packages, except the workspaces (@pog/*), which point into that tree itself.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, tempDir } from './processes';
import type { Defer } from './rounds';

/** The tree of `revision` (none for ''), removed when the run ends, and the revision as `git rev-parse --short` names it. */
export function baselineTree(revision: string, defer: Defer): { root: string; revision: string } | undefined {
  if (!revision) return undefined;
  const short = execFileSync('git', ['rev-parse', '--short', revision], { cwd: repoRoot, encoding: 'utf8' }).trim();
  const root = tempDir(`pog-baseline-${short}-`, defer);
  execFileSync('sh', ['-c', `git archive --format=tar ${short} | tar -x -C ${JSON.stringify(root)}`], { cwd: repoRoot });
  const modules = path.join(root, 'node_modules');
  mkdirSync(path.join(modules, '@pog'), { recursive: true });
  for (const entry of readdirSync(path.join(repoRoot, 'node_modules'))) {
    if (entry !== '@pog') symlinkSync(path.join(repoRoot, 'node_modules', entry), path.join(modules, entry));
  }
  for (const workspace of ['common', 'domain', 'gateway', 'server', 'web', 'worker']) {
    if (existsSync(path.join(root, workspace))) symlinkSync(path.join(root, workspace), path.join(modules, '@pog', workspace));
  }
  return { root, revision: short };
}
