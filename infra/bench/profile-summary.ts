/**
 * Where a CPU profile's time went (the profiles BENCH_PROFILE_DIR makes; see processes.ts): self time
 * by package (node_modules/<name>, the app's own folders, node: internals) and the top functions.
 *
 *   npx tsx infra/bench/profile-summary.ts /tmp/prof/CPU.*.cpuprofile [--top 25] [--inclusive]
 *
 * --inclusive adds the top functions by total time (their own and their callees'), each counted
 * once per sample however deep it recurses: which middleware or statement a request's time is under.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '25' }, inclusive: { type: 'boolean', default: false } } });

/** Total time per function: each sample's time added once to every distinct function on its stack. */
function inclusiveTimes(profile: Profile, keyOf: (node: ProfileNode) => string): Map<string, number> {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    if (byId.get(id)!.callFrame.functionName === '(idle)') return;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = keyOf(byId.get(at)!);
      if (seen.has(key)) continue;
      seen.add(key);
      totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
    }
  });
  return totals;
}

function packageOf(url: string, name: string): string {
  if (!url) return name === '(garbage collector)' || name === '(idle)' || name === '(program)' ? name : '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  if (url.startsWith('node:')) return 'node: internals';
  const own = /\/(common|gateway|worker|web)\/src\/(?:server\/)?([^/]+)/.exec(url);
  return own ? `${own[1]}/${own[2]}` : url;
}

function functionKey({ callFrame: { functionName, url, lineNumber } }: ProfileNode): string {
  return `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(common|gateway|worker)\//, '$1/')}:${lineNumber + 1}`;
}

for (const file of positionals) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const busy = [...self].filter(([id]) => byId.get(id)!.callFrame.functionName !== '(idle)').reduce((a, [, t]) => a + t, 0);
  const packages = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, time] of self) {
    const { functionName, url } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') continue;
    const pkg = packageOf(url, functionName);
    packages.set(pkg, (packages.get(pkg) ?? 0) + time);
    const key = functionKey(byId.get(id)!);
    functions.set(key, (functions.get(key) ?? 0) + time);
  }
  const pct = (t: number) => `${((t / busy) * 100).toFixed(1).padStart(5)}%`;
  console.log(`${file}: ${(total / 1e6).toFixed(1)} s profiled, ${(busy / 1e6).toFixed(1)} s busy`);
  console.log('  by package (share of busy time):');
  for (const [name, t] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) console.log(`    ${pct(t)}  ${name}`);
  console.log('  top functions (self time):');
  for (const [name, t] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) console.log(`    ${pct(t)}  ${name}`);
  if (values.inclusive) {
    console.log('  top functions (total time, with callees):');
    const totals = [...inclusiveTimes(profile, functionKey)].filter(([name]) => !name.startsWith('(root)'));
    for (const [name, t] of totals.sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) console.log(`    ${pct(t)}  ${name}`);
  }
}
