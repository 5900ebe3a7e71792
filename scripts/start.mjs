#!/usr/bin/env node
// `npm start`: builds what is missing, then runs the whole app in one process (gateway + worker).
// SIGINT and SIGTERM are passed on to the app (and to a build under way), and the app stops by
// itself should this process die without passing them on, so stopping `npm start` leaves nothing
// running behind. npm runs this script through a shell: stopping npm by its own pid ends that shell
// (or, with SIGKILL, nothing at all) but not this process, so this process also stops the app when
// whoever started it is gone (see watchStarter).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildWebIfStaleAsync } from './web-build.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
let current;
let stopping = false;
function stop(signal) {
  stopping = true;
  if (current && current.exitCode === null) current.kill(signal);
  else process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
watchStarter(() => stop('SIGTERM'));

// A deployment that serves its own build (WEB_DIST) needs none made here.
if (!process.env.WEB_DIST) {
  const ok = await buildWebIfStaleAsync((child) => (current = child));
  if (!ok) process.exit(stopping ? 0 : 1);
}
if (stopping) process.exit(0);
current = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, POG_SUPERVISOR_PID: String(process.pid) },
});
current.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

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
