#!/usr/bin/env node
// `npm start`: builds what is missing, then runs the whole app (gateway + worker) in this very
// process, under tsx: a process of its own for the app would hold another Node runtime (about 40 MB
// resident) for nothing but waiting. A SIGINT or SIGTERM during the build stops it and exits; once
// the app is loaded it answers them itself (a graceful stop). npm runs this script through a shell:
// stopping npm by its own pid ends that shell (or, with SIGKILL, nothing at all) but not this
// process, so this process also stops when whoever started it is gone (see watchStarter).
import { readFileSync } from 'node:fs';
import { buildWebIfStaleAsync } from './web-build.mjs';

let build;
let stopping = false;
function stop(signal) {
  // Once the app is loaded, its own handler stops it gracefully.
  if (process.listenerCount(signal) > 1) return;
  stopping = true;
  if (build && build.exitCode === null) build.kill(signal);
  else process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
watchStarter(() => process.kill(process.pid, 'SIGTERM'));

// A deployment that serves its own build (WEB_DIST) needs none made here.
if (!process.env.WEB_DIST) {
  const ok = await buildWebIfStaleAsync((child) => (build = child));
  if (!ok) process.exit(stopping ? 0 : 1);
}
if (stopping) process.exit(0);
// The app's TypeScript runs through tsx's loader (as `node --import tsx server/src/main.ts`), and
// the prebuilt packages around it, as main.ts does under `--import tsx` (loading/prebuilt-packages.ts).
await import('tsx');
const { registerPrebuiltPackages } = await import('../server/src/loading/prebuilt-packages.ts');
registerPrebuiltPackages(['--import', 'tsx']);
await import('../server/src/main.ts');

/** `pid`'s parent and state from /proc (Linux), or undefined when it is gone or unreadable. */
function procStat(pid) {
  try {
    // "pid (comm) state ppid ...": the name may hold spaces and parentheses, so split after the last ')'.
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const [state, ppid] = text.slice(close + 2).split(' ');
    return { name: text.slice(text.indexOf('(') + 1, close), state, ppid: Number(ppid) };
  } catch {
    return undefined;
  }
}

/**
 * Calls `onGone` once this process's parent is gone (it is then re-parented) or, under `npm start`,
 * once npm itself is: the shells between npm and this process are skipped to find it.
 */
function watchStarter(onGone) {
  const parent = process.ppid;
  const watched = [];
  if (process.env.npm_lifecycle_event) {
    let pid = parent;
    for (let depth = 0; depth < 4; depth++) {
      const stat = procStat(pid);
      if (!stat || !['sh', 'dash', 'bash'].includes(stat.name)) break;
      pid = stat.ppid;
    }
    if (pid !== parent && pid > 1) watched.push(pid);
  }
  const gone = (pid) => {
    const stat = procStat(pid);
    return stat === undefined ? !alive(pid) : stat.state === 'Z';
  };
  const timer = setInterval(() => {
    if (process.ppid !== parent || watched.some(gone)) {
      clearInterval(timer);
      onGone();
    }
  }, 500);
  timer.unref();
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
