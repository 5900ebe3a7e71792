#!/usr/bin/env node
// `npm start`: builds what is missing, then runs the whole app in one process (gateway + worker).
// SIGINT and SIGTERM are passed on to the app (and to a build under way), and the app stops by
// itself should this process die without passing them on, so stopping `npm start` leaves nothing
// running behind.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildWebIfStaleAsync } from './web-build.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
let current;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    if (current && current.exitCode === null) current.kill(signal);
    else process.exit(0);
  });
}

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
